import type { Kysely } from 'kysely';
import { plainStored } from '../../services/plain-text.ts';

// Stored publications whose title, venue or names still carry what the importers now make plain text
// (docs/decisions/076-clean-text.md): \dots, \mboxGPT, <i>, <sub>, <scp>, MathML, &amp;, citation-js's
// "undefined" for a caret. Only what the converter is sure of changes (plainStored: braces, dollar signs and
// commands it does not know stay), and each changed record keeps its form before as a version, as an edit
// does, so the console can bring it back. Runs the converter of its day, once.

type Db = Kysely<unknown>;
type Row = Record<string, unknown>;

/** The columns cleaned: text, and JSON lists of names and of name parts. */
const TEXT = ['title', 'source'] as const;
const NAMES = ['author', 'editors'] as const;
const PARTS = ['author_parts', 'editor_parts'] as const;

/** A JSON list of strings, each cleaned (`inner`: each an object of strings, as name parts are); as it was when it is not one. */
function cleanedList(stored: unknown, inner: boolean): unknown {
  if (typeof stored !== 'string') return stored;
  let list: unknown;
  try {
    list = JSON.parse(stored);
  } catch {
    return stored;
  }
  if (!Array.isArray(list)) return stored;
  const cleaned = list.map((item) => {
    if (typeof item !== 'string') return item;
    if (!inner) return plainStored(item);
    try {
      const parts = JSON.parse(item) as unknown;
      if (!parts || typeof parts !== 'object' || Array.isArray(parts)) return item;
      return JSON.stringify(Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, typeof v === 'string' ? plainStored(v) : v])));
    } catch {
      return item;
    }
  });
  const out = JSON.stringify(cleaned);
  return out === JSON.stringify(list) ? stored : out;
}

/** The changed columns of a stored publication, none when nothing in it is surely LaTeX or markup. */
function cleanedColumns(row: Row): Row {
  const changed: Row = {};
  for (const c of TEXT) if (typeof row[c] === 'string' && plainStored(row[c]) !== row[c]) changed[c] = plainStored(row[c]);
  for (const c of NAMES) if (cleanedList(row[c], false) !== row[c]) changed[c] = cleanedList(row[c], false);
  for (const c of PARTS) if (cleanedList(row[c], true) !== row[c]) changed[c] = cleanedList(row[c], true);
  return changed;
}

export async function up(db: Db): Promise<void> {
  const d = db as unknown as Kysely<Record<string, Row>>;
  const rows = await d.selectFrom('publication').selectAll().execute();
  const at = new Date().toISOString();
  for (const row of rows) {
    const changed = cleanedColumns(row);
    if (Object.keys(changed).length === 0) continue;
    const pid = Number(row.pid);
    // the record before, as a version (server/services/history.ts), holding the files it names
    const revision = await d
      .insertInto('revision')
      .values({ resource: 'publication', record: pid, at, actor_pid: null, actor: '', data: JSON.stringify(row) })
      .returning('rid')
      .executeTakeFirstOrThrow();
    const files = [1, 2, 3].map((n) => row[`file${n}_key`]).filter((k): k is string => typeof k === 'string' && k !== '');
    for (const key of new Set(files)) {
      await d
        .insertInto('kept_file')
        .values({ holder: 'revision', holder_id: Number(revision.rid), bucket: 'publication', storage_key: key })
        .execute();
    }
    await d.updateTable('publication').set(changed).where('pid', '=', pid).execute();
  }
}

/** Nothing to undo: each record's form before is kept as a version. */
export async function down(): Promise<void> {}
