import { useT } from '../i18n/index.tsx';
import { consoleKindOf, type FieldProps } from './kinds/index.ts';

// Every console editor renders its declared fields through here: each by its kind's widget (app/console/kinds/).

export type { FieldProps } from './kinds/index.ts';
export { InstantInput } from './kinds/moments.tsx';

export function FieldInput(props: FieldProps) {
  const { lang } = useT();
  const { def, error, disabled } = props;
  const label = `${def.label[lang]}${def.required ? ' *' : ''}`;
  const common = { label, fullWidth: true, error: !!error, helperText: error, disabled, size: 'small', margin: 'dense' } as const;
  const { Widget } = consoleKindOf(def);
  return <Widget {...props} label={label} common={common} />;
}
