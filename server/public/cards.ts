import type { Lang } from '../../common/enums.ts';
import { kindOf, valueText } from '../../common/kinds/index.ts';
import { bilingualPairs, missingLanguages, type PublicCardData, type PublicResource, publicRecordPath } from '../../common/resource.ts';
import { periodText, publicText, shownLanguage } from './shown.ts';
import { renderMarkdown } from '../pages/markdown.ts';
import { textOfMarkdown } from '../search/text.ts';

// A declared public record as its card and its page show it, from the declaration alone: its
// title, meta line and facts as their kinds say (an enum's option in the reader's language, a moment as
// Beijing time), its text blocks (markdown rendered and sanitized on the record page), and, for point 3,
// which language each text is shown in, whether the record lacks the reader's, and the languages it is
// complete in (its hreflang alternates and sitemap alternates).

/** Whether a field or pair is written as markdown (its declared widget). */
function isMarkdown(res: PublicResource, key: string, lang: Lang): boolean {
  return (res.fields[key] ?? res.fields[`${key}_${lang}`])?.widget === 'markdown';
}

/** A field of a record as a reader sees it: an enum's option in their language, a moment as the lab's time, a pair in their language. */
export function shownValue(res: PublicResource, row: Record<string, unknown>, key: string, lang: Lang): string {
  if (key === 'period' && res.public.period) return periodText(res, row, lang);
  const def = res.fields[key];
  // a value as its kind reads (an enum's option, a moment as the lab's time); a person's text as written
  if (def && !kindOf(def).prose) return valueText(def, row[key], lang);
  const text = publicText(row, key, lang);
  return isMarkdown(res, key, shownLanguage(row, key, lang)) ? textOfMarkdown(text) : text;
}

/** A record's meta line (`public.meta`): its fields as shown, joined by " · ". */
export function metaOf(res: PublicResource, row: Record<string, unknown>, lang: Lang): string {
  const meta = res.public.meta;
  const keys: readonly string[] = meta === undefined ? [] : typeof meta === 'string' ? [meta] : meta;
  return keys
    .map((k) => shownValue(res, row, k, lang))
    .filter(Boolean)
    .join(' · ');
}

/** The languages a public record is complete in: those none of its projected pairs lacks. */
export function recordLanguages(res: PublicResource, row: Record<string, unknown>): Lang[] {
  const missing = missingLanguages(row, bilingualPairs(res, res.public.fields));
  return (['zh', 'en'] as const).filter((l) => !missing.includes(l));
}

/** A public record as its card shows it. */
export function cardOf(res: PublicResource, row: Record<string, unknown>, lang: Lang): PublicCardData {
  const id = Number(row[res.id]);
  const langs = recordLanguages(res, row);
  const blocks = (res.public.text ?? []).flatMap((key) => {
    const text = shownValue(res, row, key, lang);
    const heading = res.public.headings?.[key]?.[lang] ?? '';
    return text ? [{ key, heading, html: null, text, lang: shownLanguage(row, key, lang) }] : [];
  });
  return {
    id,
    href: publicRecordPath(res, id),
    title: publicText(row, res.public.title, lang),
    titleLang: shownLanguage(row, res.public.title, lang),
    meta: metaOf(res, row, lang),
    text: blocks.map((b) => b.text),
    facts: (res.public.facts ?? []).flatMap((key) => {
      const value = shownValue(res, row, key, lang);
      return value ? [{ label: res.fields[key]?.label[lang] ?? key, value }] : [];
    }),
    missing: !langs.includes(lang),
    langs,
    blocks,
    record: row,
  };
}

/** A public record as its page shows it: its card, with each markdown text rendered (sanitized HTML). */
export async function withRenderedText(res: PublicResource, card: PublicCardData, lang: Lang): Promise<PublicCardData> {
  const row = card.record;
  const blocks = await Promise.all(
    (card.blocks ?? []).map(async (b) => (isMarkdown(res, b.key, b.lang) ? { ...b, html: (await renderMarkdown(publicText(row, b.key, lang))).html } : b)),
  );
  return { ...card, blocks };
}
