import { useState } from 'react';
import type { ImportEntry, ImportFormat, ImportResult } from '../../../common/wire.ts';
import { request } from '../api.ts';

// The reference import's state: the text and its format (by the file's extension), the preview's entries and, for each, whether
// it is imported, into which area, and what a duplicate does (skip it, update the stored one, or add anew).

export type DuplicateAction = 'skip' | 'update' | 'create';
export type Choice = { on: boolean; area: string; duplicate: DuplicateAction };

const importPath = '/api/publication/import/';

/** Entries that can be imported start chosen, but duplicates, which start skipped. */
const initialChoice = (e: ImportEntry): Choice => ({
  on: !!e.record && e.problems.length === 0 && !e.duplicateOf && !e.repeats,
  // the file's own area where it names one (this site's export, JabRef's groups)
  area: e.area ?? 'none',
  duplicate: 'skip',
});

/** A file's format by its extension; a .txt (CNKI's EndNote export) or any other is found from its text by the server. */
const FORMATS: Record<string, ImportFormat> = { bib: 'bibtex', bibtex: 'bibtex', ris: 'ris', enw: 'enw', xml: 'endnote-xml' };
const formatOf = (name: string) => FORMATS[name.slice(name.lastIndexOf('.') + 1).toLowerCase()];

export function useBibtexImport() {
  const [text, setTyped] = useState('');
  const [format, setFormat] = useState<ImportFormat | undefined>();
  // text typed or pasted: its format is found from the text
  const setText = (t: string) => {
    setTyped(t);
    setFormat(undefined);
  };
  const setFile = (name: string, t: string) => {
    setTyped(t);
    setFormat(formatOf(name));
  };
  const [entries, setEntries] = useState<ImportEntry[] | null>(null);
  const [choices, setChoices] = useState<Choice[]>([]);

  async function preview() {
    const found = await request<ImportEntry[]>('POST', `${importPath}preview/`, { json: { text, ...(format ? { format } : {}) } });
    setEntries(found);
    setChoices(found.map(initialChoice));
    return found;
  }

  const choose = (i: number, patch: Partial<Choice>) => setChoices((cs) => cs.map((c, j) => (j === i ? { ...c, ...patch } : c)));
  const areaForAll = (area: string) => setChoices((cs) => cs.map((c) => ({ ...c, area })));

  /** The chosen entries as the import takes them: a duplicate updates, adds anew, or is left out. */
  function chosen() {
    return (entries ?? []).flatMap((e, i) => {
      const c = choices[i];
      if (!c?.on || !e.record) return [];
      if (e.duplicateOf && c.duplicate === 'skip') return [];
      return [{ record: e.record, area: c.area, key: e.key, ...(e.duplicateOf && c.duplicate === 'update' ? { update: e.duplicateOf.pid } : {}) }];
    });
  }

  /** The duplicates (of a stored record or of an earlier entry) the reader leaves out. */
  function skipped() {
    return (entries ?? []).filter((e, i) => {
      const c = choices[i];
      return !!e.record && (e.duplicateOf ? !c?.on || c.duplicate === 'skip' : !!e.repeats && !c?.on);
    }).length;
  }

  // the entries that pass are stored, the others reported
  const run = () => request<ImportResult>('POST', importPath, { json: { entries: chosen(), partial: true, skipped: skipped() } });
  const reset = () => {
    setEntries(null);
    setChoices([]);
  };

  return { text, setText, setFile, entries, choices, preview, choose, areaForAll, chosen, run, reset };
}
