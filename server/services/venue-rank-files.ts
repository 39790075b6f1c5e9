// The bundled rank lists (server/venue-ranks/) rebuilt from the lists as published
// (`npm run lab -- ranks update --ccf FILE --core FILE`). CCF publishes its list as tables by field; the
// community's CSV of it (name, full_name, publisher, url, level, field, type) and our own layout (rank,
// kind, field, abbr, dblp, name; comma- or tab-separated) are read. CORE's portal exports CSV without a
// header: id, title, acronym, source, rank, …

/** CCF's ten fields, by the names the list gives them. */
const ccfFields: Record<string, string> = {
  '计算机体系结构/并行与分布计算/存储系统': 'arch',
  计算机网络: 'network',
  网络与信息安全: 'security',
  '软件工程/系统软件/程序设计语言': 'se',
  '数据库/数据挖掘/内容检索': 'db',
  计算机科学理论: 'theory',
  计算机图形学与多媒体: 'graphics',
  人工智能: 'ai',
  人机交互与普适计算: 'hci',
  '交叉/综合/新兴': 'cross',
};
const fieldCodes = new Set(Object.values(ccfFields));

/** RFC 4180 rows (quotes, doubled quotes, newlines in quotes), or tab-separated when the first line has a tab. */
function csvRows(text: string): string[][] {
  const body = text.replace(/^\uFEFF/, '');
  const firstLine = body.slice(0, body.indexOf('\n') >>> 0);
  const sep = firstLine.includes('\t') ? '\t' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i] as string;
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === sep) {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && body[i + 1] === '\n') i++;
      row.push(cell);
      if (row.some((c) => c.trim() !== '')) rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  row.push(cell);
  if (row.some((c) => c.trim() !== '')) rows.push(row);
  return rows;
}

const clean = (s: string | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();

/** The DBLP key in a dblp address of a venue (…/db/conf/acl/, …/db/journals/tkde/index.html). */
const dblpOfUrl = (url: string) => {
  const m = /\/db\/(conf|journals)\/([^/\s]+)/.exec(url);
  return m ? `${m[1]}/${m[2]}` : /^(conf|journals)\/[^/\s]+$/.test(url) ? url : '';
};

export type CcfRow = [rank: string, kind: 'conference' | 'journal', field: string, abbr: string, dblp: string, name: string];
export type CoreRow = [rank: string, acronym: string, title: string];

/** CCF's list as rows; an error names the first row it cannot read. */
export function ccfRowsOf(text: string): CcfRow[] {
  const [header, ...rows] = csvRows(text);
  const col = (...names: string[]) => names.map((n) => header?.findIndex((h) => clean(h).toLowerCase() === n) ?? -1).find((i) => i >= 0) ?? -1;
  const at = {
    rank: col('rank', 'level'),
    kind: col('kind', 'type'),
    field: col('field'),
    abbr: col('abbr', 'name'),
    dblp: col('dblp', 'url'),
    name: col('full_name', 'title', ...(col('abbr') >= 0 ? ['name'] : [])),
  };
  for (const [k, i] of Object.entries(at)) if (i < 0) throw new Error(`the CCF file has no ${k} column`);
  return rows.map((r, n) => {
    const get = (i: number) => clean(r[i]);
    const rank = get(at.rank).toUpperCase();
    const kindText = get(at.kind).toLowerCase();
    const field = ccfFields[get(at.field)] ?? get(at.field);
    const name = get(at.name);
    if (!['A', 'B', 'C'].includes(rank) || !name || !fieldCodes.has(field) || !/^(conf|journal)/.test(kindText)) {
      throw new Error(`the CCF file's row ${n + 2} is not rank, kind, field and name: ${r.join(' | ').slice(0, 200)}`);
    }
    return [rank, kindText.startsWith('conf') ? 'conference' : 'journal', field, get(at.abbr), dblpOfUrl(get(at.dblp)), name];
  });
}

/** CORE's export as rows: its ranked conferences (A*, A, B, C), not the national or unranked ones. */
export function coreRowsOf(text: string): CoreRow[] {
  const rows = csvRows(text);
  const headed = rows[0]?.some((c) => clean(c).toLowerCase() === 'acronym');
  const out: CoreRow[] = [];
  for (const r of headed ? rows.slice(1) : rows) {
    const [, title, acronym, , rank] = r.map(clean);
    if (title && rank && ['A*', 'A', 'B', 'C'].includes(rank)) out.push([rank, acronym ?? '', title]);
  }
  if (out.length === 0) throw new Error('the CORE file has no ranked conference (id, title, acronym, source, rank, …)');
  return out;
}

/** A list file: what it is, where it came from, then one venue a line (short diffs when it is updated). */
export function listFile(head: Record<string, string>, columns: readonly string[], venues: readonly (readonly string[])[]): string {
  const lines = venues.map((v) => `    ${JSON.stringify(v)}`);
  const top = Object.entries(head).map(([k, v]) => `  ${JSON.stringify(k)}: ${JSON.stringify(v)},`);
  return `{\n${top.join('\n')}\n  "columns": ${JSON.stringify(columns)},\n  "venues": [\n${lines.join(',\n')}\n  ]\n}\n`;
}

export const ccfColumns = ['rank', 'kind', 'field', 'abbr', 'dblp', 'name'] as const;
export const coreColumns = ['rank', 'acronym', 'title'] as const;
