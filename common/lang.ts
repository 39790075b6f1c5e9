import type { Lang } from './enums.ts';

// DESIGN.md: `?lang=` forces a language, else the `lang` cookie set by the language menu, else the
// browser's Accept-Language (Chinese when it starts with zh, otherwise English).

export const LANG_COOKIE = 'lang';

function isLang(v: unknown): v is Lang {
  return v === 'zh' || v === 'en';
}

export function cookieValue(cookieHeader: string | null | undefined, name: string): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k !== name) continue;
    // a value that is not valid percent-encoding is ignored, like a missing one (decoding it throws, which would make every page a 500)
    try {
      return decodeURIComponent(v.join('='));
    } catch {
      return undefined;
    }
  }
  return undefined;
}

export function resolveLang(input: { query?: string | null; cookie?: string | null; acceptLanguage?: string | null }): Lang {
  if (isLang(input.query)) return input.query;
  const fromCookie = cookieValue(input.cookie, LANG_COOKIE);
  if (isLang(fromCookie)) return fromCookie;
  return (input.acceptLanguage ?? '').trim().toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

/** Picks the variant in `lang`, falling back to the other one when empty (SPEC §3). */
export function pick(zh: unknown, en: unknown, lang: Lang): string {
  const a = typeof zh === 'string' ? zh : '';
  const b = typeof en === 'string' ? en : '';
  return lang === 'zh' ? a || b : b || a;
}

/** Between a label and its value: Chinese text takes the full-width colon ("年份：必填"), English ": ". */
export const colon = (lang: Lang): string => (lang === 'zh' ? '：' : ': ');
