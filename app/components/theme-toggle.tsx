import { type Theme, themes } from '../../common/theme.ts';
import { useT } from '../i18n/index.tsx';
import { chooseTheme, useTheme } from '../lib/theme.ts';
import { useRootData } from '../root.tsx';
import { Dropdown } from './dropdown.tsx';
import { ContrastIcon, MoonIcon, SunIcon } from './icons.tsx';

const icons: Record<Theme, typeof SunIcon> = { system: ContrastIcon, light: SunIcon, dark: MoonIcon };

/** As the system / light / dark, for the public frame's top bar: applied at once, remembered in the `theme` cookie. */
export function ThemeToggle() {
  const { t } = useT();
  const theme = useTheme(useRootData().theme);
  const Icon = icons[theme];
  return (
    <Dropdown
      label={t('theme.button', { theme: t(`theme.${theme}`) })}
      button={<Icon />}
      entries={themes.map((key) => ({ key, label: t(`theme.${key}`), checked: theme === key, onSelect: () => chooseTheme(key) }))}
    />
  );
}
