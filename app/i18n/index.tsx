import { createContext, type ReactNode, useContext, useMemo } from 'react';
import type { Lang } from '../../common/enums.ts';
import { siteEn } from './site-en.ts';
import { siteZh } from './site-zh.ts';
import type { Messages } from './zh.ts';

// Interface strings of both languages and a tiny translator. Both languages of the site's texts ship together
// (a few KB), so switching language needs no request; see docs/decisions/005-public-pages.md for why this is not
// i18next. The console's texts join them when the console's code loads (console.ts; decisions/081).

const messages: Record<Lang, Record<string, unknown>> = { zh: { ...siteZh }, en: { ...siteEn } };

/** More texts, of groups of their own (the console's): found by `t` from then on. */
export function addMessages(more: Record<Lang, Record<string, unknown>>): void {
  Object.assign(messages.zh, more.zh);
  Object.assign(messages.en, more.en);
}

type Params = Record<string, string | number>;

/** Every key of the interface texts, dotted ('console.save'): a key that does not exist does not compile. */
type KeysOf<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : KeysOf<T[K], `${P}${K}.`>;
}[keyof T & string];
export type TextKey = KeysOf<Messages>;

function lookup(tree: unknown, key: string): string | undefined {
  let node: unknown = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

const plural = new Intl.PluralRules('en');

/**
 * `{{n}}` is the parameter; `{{n|member|members}}` the word for it in the number it is ("1 member", "14
 * members": English has two forms, Chinese needs none).
 */
export function translate(lang: Lang, key: string, params: Params = {}): string {
  return translateText(lookup(messages[lang], key) ?? lookup(messages.en, key) ?? key, params);
}

/** A text of the message files with its parameters put in (and the word for each count chosen). */
export function translateText(text: string, params: Params = {}): string {
  return text.replace(/\{\{(\w+)(?:\|([^|}]*)\|([^}]*))?\}\}/g, (_, name: string, one?: string, other?: string) => {
    if (one === undefined) return String(params[name] ?? '');
    return plural.select(Number(params[name])) === 'one' ? one : (other ?? '');
  });
}

type I18n = { lang: Lang; t: (key: TextKey, params?: Params) => string };

const I18nContext = createContext<I18n>({ lang: 'en', t: (key, params) => translate('en', key, params) });

export function I18nProvider({ lang, children }: { lang: Lang; children: ReactNode }) {
  const value = useMemo<I18n>(() => ({ lang, t: (key, params) => translate(lang, key, params) }), [lang]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

/** The interface language and its translator. */
export function useT(): I18n {
  return useContext(I18nContext);
}
