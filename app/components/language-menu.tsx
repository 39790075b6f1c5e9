import { useLocation, useRevalidator } from 'react-router';
import type { Lang } from '../../common/enums.ts';
import { LANG_COOKIE } from '../../common/lang.ts';
import { useT } from '../i18n/index.tsx';
import { Dropdown } from './dropdown.tsx';
import { GlobeIcon } from './icons.tsx';
import { at, basePath } from '../lib/base.ts';

/** English / 中文. The choice is kept in the `lang` cookie, and the page data reloads in it. */
export function LanguageMenu({ light = false }: { light?: boolean }) {
  const { t, lang } = useT();
  const revalidator = useRevalidator();
  const location = useLocation();
  const choose = (next: Lang) => {
    // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie the server reads; the Cookie Store API is not in every browser
    document.cookie = `${LANG_COOKIE}=${next}; path=${basePath() || '/'}; max-age=31536000; samesite=lax`;
    const params = new URLSearchParams(location.search);
    if (params.has('lang')) {
      // a ?lang= link forces its language; drop it so the choice made here applies
      params.delete('lang');
      const q = params.toString();
      window.location.assign(at(`${location.pathname}${q ? `?${q}` : ''}${location.hash}`));
      return;
    }
    revalidator.revalidate();
  };
  const shown = lang === 'zh' ? '中文' : 'EN';
  return (
    <Dropdown
      label={t('lang.label')}
      // the name holds the text the button shows (WCAG 2.5.3): "Language: EN"
      buttonLabel={t('lang.button', { lang: shown })}
      light={light}
      button={
        <>
          <GlobeIcon />
          <span>{shown}</span>
        </>
      }
      entries={[
        { key: 'en', label: 'English', lang: 'en', checked: lang === 'en', onSelect: () => choose('en') },
        { key: 'zh', label: '中文', lang: 'zh', checked: lang === 'zh', onSelect: () => choose('zh') },
      ]}
    />
  );
}
