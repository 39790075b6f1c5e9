import { diffArrays, diffWords } from 'diff';
import type { Lang } from '../../common/enums.ts';
import type { FieldDef } from '../../common/fields.ts';
import { kindOf, valueText } from '../../common/kinds/index.ts';
import type { ResourceDef } from '../../common/resource.ts';
import type { VersionItem } from '../../common/wire.ts';
import { consoleKindOf } from './kinds/index.ts';

// What the History dialog (history-dialog.tsx) shows, without React: the versions of a record with who
// made each, and two forms of a record compared field by field, in the reader's language. Texts are
// compared word by word (jsdiff; Chinese is cut into words by Intl.Segmenter), lists item by item, other
// kinds as their labels (old → new); files by name, images by address.

type Row = Record<string, unknown>;

/** A run of a compared text: kept, deleted, inserted, or a long kept stretch left out ("…"). */
export type Piece = { op: 'same' | 'del' | 'ins' | 'gap'; text: string };

export type FieldDiff = { name: string; label: string; changed: boolean } & (
  | { show: 'words'; pieces: Piece[] }
  | { show: 'value' | 'file' | 'image'; before: string; after: string }
);

const segmenter = typeof Intl.Segmenter === 'function' ? new Intl.Segmenter('zh', { granularity: 'word' }) : undefined;

/** The word diff of two texts; two texts too different to compare in time are one deletion and one insertion. */
export function wordDiff(before: string, after: string): Piece[] {
  if (before === after) return before ? [{ op: 'same', text: before }] : [];
  const changes = diffWords(before, after, { timeout: 500, ...(segmenter ? { intlSegmenter: segmenter } : {}) });
  if (!changes) return [...(before ? [{ op: 'del', text: before } as const] : []), ...(after ? [{ op: 'ins', text: after } as const] : [])];
  return changes.filter((c) => c.value !== '').map((c) => ({ op: c.removed ? 'del' : c.added ? 'ins' : 'same', text: c.value }));
}

/** Two lists compared item by item, shown joined by ", ". */
export function listDiff(before: readonly string[], after: readonly string[]): Piece[] {
  const items = diffArrays([...before], [...after]).flatMap((c) =>
    c.value.map((text) => ({ op: c.removed ? 'del' : c.added ? 'ins' : 'same', text }) as Piece),
  );
  return items.flatMap((p, i) => (i === 0 ? [p] : [{ op: 'same', text: ', ' } as Piece, p]));
}

/**
 * Long kept stretches shortened to `context` characters on each side of a change, the rest a gap: a
 * changed word in a long body is found at once.
 */
export function collapse(pieces: Piece[], context = 80): Piece[] {
  return pieces.flatMap((p, i): Piece[] => {
    const chars = [...p.text];
    if (p.op !== 'same' || chars.length <= context * 2 + 20) return [p];
    const head = i === 0 ? '' : chars.slice(0, context).join('');
    const tail = i === pieces.length - 1 ? '' : chars.slice(-context).join('');
    return [...(head ? [{ op: 'same', text: head } as Piece] : []), { op: 'gap', text: '…' }, ...(tail ? [{ op: 'same', text: tail } as Piece] : [])];
  });
}

const asText = (v: unknown): string => (v === null || v === undefined ? '' : Array.isArray(v) ? v.join(', ') : String(v));
const asList = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : v === null || v === undefined || v === '' ? [] : [String(v)]);

/** The fields a record's history compares: those given (or every declared one), never a password. */
const comparedFields = (res: ResourceDef, fields?: readonly string[]) =>
  (fields ?? Object.keys(res.fields)).filter((name) => res.fields[name] && !kindOf(res.fields[name]).secret);

/** Two forms of a record (as reads answer them), `before` the older, field by field in declared order. */
export function diffRecords(res: ResourceDef, before: Row, after: Row, lang: Lang, fields?: readonly string[]): FieldDiff[] {
  return comparedFields(res, fields).map((name): FieldDiff => {
    const def = res.fields[name] as FieldDef;
    const label = def.label[lang];
    const a = before[name];
    const b = after[name];
    // as its kind compares (app/console/kinds/)
    const style = consoleKindOf(def).diff;
    if (style === 'image' || style === 'file') return { name, label, show: style, before: asText(a), after: asText(b), changed: asText(a) !== asText(b) };
    switch (style) {
      case 'words': {
        const pieces = wordDiff(asText(a), asText(b));
        return { name, label, show: 'words', pieces, changed: asText(a) !== asText(b) };
      }
      case 'list': {
        const [x, y] = [asList(a), asList(b)];
        return { name, label, show: 'words', pieces: listDiff(x, y), changed: JSON.stringify(x) !== JSON.stringify(y) };
      }
      default: {
        const [x, y] = [valueText(def, a, lang), valueText(def, b, lang)];
        return { name, label, show: 'value', before: x, after: y, changed: x !== y };
      }
    }
  });
}

/**
 * One form of a record in its history, with who made it and when. A version is kept when an update
 * replaces it, under that update's author and time; so a form was made by the update that replaced the
 * form before it. The oldest kept form's maker is not known (its creation, or an update whose own
 * version is no longer kept): `made` is null, and `replaced` tells when it ended.
 */
export type RecordState = {
  key: 'current' | number;
  made: { at: string; actor: string } | null;
  replaced: { at: string; actor: string } | null;
};

/** The record's forms, newest (the current one) first. */
export function statesOf(versions: readonly VersionItem[]): RecordState[] {
  const made = (i: number) => {
    const v = versions[i];
    return v ? { at: v.at, actor: v.actor } : null;
  };
  return [
    { key: 'current', made: made(0), replaced: null },
    ...versions.map((v, i): RecordState => ({ key: v.rid, made: made(i + 1), replaced: { at: v.at, actor: v.actor } })),
  ];
}
