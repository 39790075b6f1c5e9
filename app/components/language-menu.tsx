import TranslateIcon from '@mui/icons-material/Translate';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useRevalidator } from 'react-router';
import type { Lang } from '../../common/enums.ts';
import { LANG_COOKIE } from '../../common/lang.ts';

/** English / 中文. The choice is kept in the `lang` cookie, and the page data reloads in it. */
export function LanguageMenu({ color = 'inherit' }: { color?: 'inherit' | 'primary' }) {
  const { t, i18n } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const revalidator = useRevalidator();
  const location = useLocation();
  const choose = (lang: Lang) => {
    setAnchor(null);
    document.cookie = `${LANG_COOKIE}=${lang}; path=/; max-age=31536000; samesite=lax`;
    const params = new URLSearchParams(location.search);
    if (params.has('lang')) {
      params.delete('lang');
      const q = params.toString();
      window.location.assign(`${location.pathname}${q ? `?${q}` : ''}${location.hash}`);
      return;
    }
    i18n.changeLanguage(lang);
    revalidator.revalidate();
  };
  return (
    <>
      <Button
        color={color}
        startIcon={<TranslateIcon />}
        aria-label={t('lang.label')}
        aria-haspopup="menu"
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ minWidth: 0 }}
      >
        {i18n.language === 'zh' ? '中文' : 'EN'}
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        <MenuItem lang="en" selected={i18n.language === 'en'} onClick={() => choose('en')}>
          English
        </MenuItem>
        <MenuItem lang="zh" selected={i18n.language === 'zh'} onClick={() => choose('zh')}>
          中文
        </MenuItem>
      </Menu>
    </>
  );
}
