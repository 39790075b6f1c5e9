import { createInstance, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Lang } from '../../common/enums.ts';
import { en } from './en.ts';
import { zh } from './zh.ts';

// Both languages are small and ship together, so switching needs no request.
export const resources = { zh: { translation: zh }, en: { translation: en } } as const;

export function createI18n(lang: Lang): I18n {
  const i18n = createInstance();
  i18n.use(initReactI18next).init({
    resources,
    lng: lang,
    fallbackLng: 'en',
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return i18n;
}
