import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId, useState } from 'react';
import { type PublicState, publicState, RELEASE } from '../../common/resources/flags.ts';
import { toLabLocal } from '../../common/instant.ts';
import { useT } from '../i18n/index.tsx';
import { InstantInput } from './fields.tsx';

// One control for when a record goes public: Draft, Publish now, or Schedule at a moment. It
// sets both the release switch and the publish time, so saving with "Schedule at" schedules the record
// (before, a time filled in left it a draft until Publish was pressed as well). Declared as the publish
// time's widget (`publishing`, common/resources/flags.ts); the form sends the release switch with it
// (forms.ts `bodyOf`).

type Choice = 'draft' | 'now' | 'schedule';

const choiceOf = (state: PublicState): Choice => (state === 'draft' ? 'draft' : state === 'scheduled' ? 'schedule' : 'now');

export function PublishingField({
  label,
  record,
  error,
  disabled,
  onFill,
}: {
  label: string;
  record: Record<string, unknown>;
  error?: string | undefined;
  disabled?: boolean | undefined;
  onFill: (patch: Record<string, unknown>) => void;
}) {
  const { t } = useT();
  const id = useId();
  const at = record.publish_at;
  // the choice is the reader's until saved: a time in the past still reads "Schedule at" while being typed
  const [choice, setChoice] = useState<Choice>(() => choiceOf(publicState(record)));
  const timed = toLabLocal(at) !== '';
  const pick = (next: Choice) => {
    setChoice(next);
    // a draft keeps a time it has (it is not public either way); a half-typed one is dropped
    if (next === 'draft') onFill({ [RELEASE]: false, publish_at: timed ? at : '' });
    else if (next === 'now') onFill({ [RELEASE]: true, publish_at: '' });
    // no time yet: the form holds an incomplete one, which the check refuses until a time is picked
    else onFill({ [RELEASE]: true, publish_at: timed ? at : 'incomplete' });
  };
  const missing = choice === 'schedule' && !timed;
  return (
    <FormControl component="fieldset" margin="dense" fullWidth disabled={disabled} error={!!error}>
      <FormLabel component="legend" id={`${id}-legend`}>
        {t('consoleWork.publishing.legend')}
      </FormLabel>
      <RadioGroup row aria-labelledby={`${id}-legend`} value={choice} onChange={(e) => pick(e.target.value as Choice)}>
        <FormControlLabel value="draft" control={<Radio size="small" />} label={t('consoleWork.publishing.draft')} />
        <FormControlLabel value="now" control={<Radio size="small" />} label={t('consoleWork.publishing.now')} />
        <FormControlLabel value="schedule" control={<Radio size="small" />} label={t('consoleWork.publishing.schedule')} />
      </RadioGroup>
      {choice === 'schedule' && (
        <InstantInput
          common={{ label, fullWidth: true, size: 'small', margin: 'dense', error: !!error || missing, disabled }}
          value={at}
          error={error}
          disabled={disabled}
          hint={missing ? t('consoleWork.publishing.pickTime') : t('consoleWork.publishing.scheduleHint')}
          onChange={(v) => onFill({ [RELEASE]: true, publish_at: v === '' ? 'incomplete' : v })}
        />
      )}
      {choice !== 'schedule' && error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}
