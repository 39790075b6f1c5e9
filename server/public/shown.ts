import type { PublicResource } from '../../common/resource.ts';

// How a public record's texts read to a visitor, in their language: a field, or a pair key_zh / key_en shown in
// theirs unless only the other has it, and a period's years. The public side's alone (cards, pages, search).

const blank = (v: unknown) => v == null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

/** The language a field or pair of a record is shown in, for a reader of `lang`: theirs, unless only the other has it. */
export function shownLanguage(row: Record<string, unknown>, key: string, lang: 'zh' | 'en'): 'zh' | 'en' {
  if (key in row) return lang;
  const other = lang === 'zh' ? 'en' : 'zh';
  return blank(row[`${key}_${lang}`]) && !blank(row[`${key}_${other}`]) ? other : lang;
}

/** A field, or a `key_zh`/`key_en` pair, of a record in `lang` (else the other language). */
export function publicText(row: Record<string, unknown>, key: string, lang: 'zh' | 'en'): string {
  const text = (v: unknown) => (Array.isArray(v) ? v.join(', ') : v == null ? '' : String(v));
  if (key in row) return text(row[key]);
  const other = lang === 'zh' ? 'en' : 'zh';
  return text(row[`${key}_${lang}`]) || text(row[`${key}_${other}`]);
}

/** A period as a reader reads it: "2023 – 2026", "since 2023" (自 2023 年起) while it has no end; "" without a start. */
export function periodText(res: PublicResource, row: Record<string, unknown>, lang: 'zh' | 'en'): string {
  const period = res.public.period;
  const start = period ? row[period.starts] : undefined;
  if (!period || typeof start !== 'number') return '';
  const end = row[period.ends];
  if (typeof end === 'number') return end === start ? String(start) : `${start} – ${end}`;
  return lang === 'zh' ? `${start} 年起` : `since ${start}`;
}
