import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import type { ReactNode } from 'react';
import type { Lang } from '../../common/enums.ts';
import { valueText } from '../../common/kinds/index.ts';
import type { FieldDef } from '../../common/fields.ts';
import { pick } from '../../common/lang.ts';
import { isPublicNow, isPublicResource, type ListColumn, publicPageOf, type ResourceDef } from '../../common/resource.ts';
import { labTime } from '../../common/instant.ts';
import { sortKeyOf } from '../../common/list-params.ts';
import { publicState } from '../../common/resources/flags.ts';
import { useT } from '../i18n/index.tsx';
import { formatInstant } from './format.ts';
import { at } from '../lib/base.ts';
import { consoleKindOf } from './kinds/index.ts';

// The console's list columns, from a declaration's `listColumns`: each cell is drawn by its field's kind
// (an enum by its option's label, a boolean by its state, an image as a thumbnail, a link as a link).

export type Row = Record<string, unknown>;
/** A column of the list; on a phone the `title` column heads each record's card (else the first). */
export type Column = {
  key: string;
  label: string;
  render?: (row: Row) => ReactNode;
  title?: boolean;
  /** The list call's `sort` this column's heading asks for (common/list-params.ts); none: not sortable. */
  sort?: string;
};

const text = (v: unknown): string => (v === null || v === undefined ? '' : Array.isArray(v) ? v.join(', ') : String(v));

/** One value drawn as its kind shows it (app/console/kinds/): a picture, a link, a switch's state, else its text. */
function cellOf(def: FieldDef | undefined, value: unknown, lang: Lang): ReactNode {
  if (!def) return text(value);
  const { cell } = consoleKindOf(def);
  return cell ? cell(def, value, lang) : valueText(def, value, lang);
}

/** Where a record stands on the public site: a draft, scheduled for a time (Beijing time, as the editor sets it), or published. */
function PublicStateChip({ row, field }: { row: Row; field: string }) {
  const { t } = useT();
  const state = publicState({ release: row[field], publish_at: row.publish_at });
  if (state === 'draft') return <Chip size="small" label={t('console.publishing.draft')} />;
  if (state === 'scheduled')
    return <Chip size="small" color="info" variant="outlined" label={t('console.publishing.scheduled', { time: labTime(row.publish_at) })} />;
  return <Chip size="small" color="success" variant="outlined" label={t('console.publishing.published')} />;
}

/** A released record whose public window has ended (a deadline passed). */
function EndedChip({ at }: { at: unknown }) {
  const { t } = useT();
  return <Chip size="small" variant="outlined" label={t('console.publishing.ended', { time: labTime(at) })} />;
}

const opensLabel = { zh: '在新标签页打开公开页面', en: 'Open the public page in a new tab' } as const;

/** A record's public page, opened in a new tab. */
function PublicLink({ href, text, lang }: { href: string; text: string; lang: Lang }) {
  return (
    <Link href={at(href)} target="_blank" rel="noopener" title={opensLabel[lang]} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      {text}
      <OpenInNewIcon sx={{ fontSize: 14 }} />
    </Link>
  );
}

/** The list's columns of a declared resource, headed in `lang`. */
export function columnsOf(res: ResourceDef, lang: Lang): Column[] {
  return res.listColumns.map((c: ListColumn): Column => {
    const col = typeof c === 'string' ? { key: c } : c;
    const def = res.fields[col.key];
    const label = col.label?.[lang] ?? def?.label[lang] ?? col.key;
    const render = (row: Row): ReactNode => {
      if (col.kind === 'instant') return formatInstant(row[col.key]);
      if (col.kind === 'state') return <PublicStateChip row={row} field={col.key} />;
      const href = col.opens ? publicPageOf(res, row) : undefined;
      if (col.bilingual) {
        const shown = pick(row[`${col.key}_zh`], row[`${col.key}_en`], lang);
        return href ? <PublicLink href={href} text={text(shown)} lang={lang} /> : shown;
      }
      if (col.with) return `${text(row[col.key])} / ${text(row[col.with])}`;
      if (href) return <PublicLink href={href} text={text(row[col.key])} lang={lang} />;
      // a released record past the end of its public window (`public.until`) is no longer public: say so
      const until = res.public?.releasedBy === col.key ? res.public.until : undefined;
      if (until && row[col.key] === true && isPublicResource(res) && !isPublicNow(res, row)) return <EndedChip at={row[until]} />;
      return cellOf(def, row[col.key], lang);
    };
    const sort = sortKeyOf(res, c, lang);
    return { key: col.key, label, render, ...(col.title ? { title: true } : {}), ...(sort ? { sort } : {}) };
  });
}
