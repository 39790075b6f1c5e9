// Accents folded for the console lists' filter: "muller" finds "Müller" on both databases. The same one-to-one
// table of Latin letters is PostgreSQL's translate() and SQLite's lab_fold() (registered on the connection,
// server/db/database.ts), and folds the reader's words, so both databases find the same records.

const extra: Record<string, string> = { ø: 'o', Ø: 'O', đ: 'd', Đ: 'D', ł: 'l', Ł: 'L', ı: 'i', ħ: 'h', Ħ: 'H', ŧ: 't', Ŧ: 'T' };

/** The accented Latin letters (Latin-1, Extended-A and -B, Extended Additional) and their base letters, as two strings of one length. */
export const ACCENTS = (() => {
  let from = '';
  let to = '';
  const add = (c: string, base: string) => {
    from += c;
    to += base;
  };
  for (const [lo, hi] of [
    [0xc0, 0x24f],
    [0x1e00, 0x1eff],
  ] as const)
    for (let cp = lo; cp <= hi; cp += 1) {
      const c = String.fromCodePoint(cp);
      const base = c.normalize('NFKD').replace(/\p{M}+/gu, '');
      if (base.length === 1 && base !== c && /[A-Za-z]/.test(base)) add(c, base);
      else if (extra[c]) add(c, extra[c]);
    }
  return { from, to };
})();

/** A character beyond printable ASCII (and tab, newline): a text without one has nothing to fold but case. */
const NON_ASCII = /[^ -~\t\n\r]/;
const table = new Map([...ACCENTS.from].map((c, i) => [c, ACCENTS.to[i] as string]));

/** A text with its accented Latin letters made plain, in lower case. */
export function foldAccents(s: string): string {
  // most stored text is plain ASCII: SQLite calls this for each row a filter reads
  if (!NON_ASCII.test(s)) return s.toLowerCase();
  let out = '';
  for (const c of s) out += table.get(c) ?? c;
  return out.toLowerCase();
}
