// What a list field's typed or pasted text becomes: its items (docs/decisions/065-typed-list-items-and-year-bounds.md).
// Everywhere ; ； 、 ， and a line break separate items. In a list of keywords a comma does too; in a list of
// names (a declaration's `widget: 'names'`) " and " separates names, and a comma separates them only when every
// piece it makes is a whole name (two words or more, or Chinese), so "Song, Keqin" stays one name.

const SEPARATORS = new Set([';', '；', '、', '，', '\n', '\r', '\t']);
const HAN = /\p{Script=Han}/u;

/** The text cut at each character of `cuts`, each piece trimmed, the empty ones left out. */
function cut(text: string, cuts: (c: string) => boolean): string[] {
  const pieces: string[] = [];
  let from = 0;
  for (let i = 0; i <= text.length; i++) {
    if (i < text.length && !cuts(text.charAt(i))) continue;
    const piece = text.slice(from, i).trim();
    if (piece) pieces.push(piece);
    from = i + 1;
  }
  return pieces;
}

/** Whether a piece reads as a whole name rather than half of "Last, First". */
const wholeName = (piece: string) => /\s/.test(piece) || HAN.test(piece);

/** A part of a list of names (no separator left but commas) as the names it holds. */
function names(part: string): string[] {
  const pieces = cut(part, (c) => c === ',');
  if (pieces.length > 1 && pieces.every(wholeName)) return pieces;
  // one name, possibly "Last, First": as typed, without stray commas at its ends
  return pieces.length === 0 ? [] : [pieces.join(', ')];
}

/** A part of a list of names cut at each word "and" (any case), its spaces made single. */
function andParts(part: string): string[] {
  const parts: string[][] = [[]];
  for (const word of part.split(/\s+/)) {
    if (word.toLowerCase() === 'and') parts.push([]);
    else if (word) parts[parts.length - 1]?.push(word);
  }
  return parts.map((words) => words.join(' ')).filter(Boolean);
}

/** The items of `text`: names when `asNames`, else free items (keywords, words). */
export function splitItems(text: string, asNames: boolean): string[] {
  if (!asNames) return cut(text, (c) => SEPARATORS.has(c) || c === ',');
  return cut(text, (c) => SEPARATORS.has(c))
    .flatMap(andParts)
    .flatMap(names);
}
