// A member's identifiers at the scholarly indexes: an ORCID iD, a dblp person id and
// an OpenAlex author id. Each is stored bare whatever form it was pasted in (its profile's address, as the
// DOI is: common/doi.ts), and named back by its profile's address (the member page, the Person's sameAs).

/** ISO 7064 MOD 11-2 over the first 15 digits: the check character ORCID puts last (0–9 or X). */
export function orcidCheckChar(digits15: string): string {
  let total = 0;
  for (const c of digits15) total = (total + Number(c)) * 2;
  const result = (12 - (total % 11)) % 11;
  return result === 10 ? 'X' : String(result);
}

/** Whether a bare iD (0000-0002-1825-0097) has ORCID's shape and a right check character. */
export function isOrcid(s: string): boolean {
  if (!/^\d{4}-\d{4}-\d{4}-\d{3}[\dX]$/.test(s)) return false;
  const digits = s.replaceAll('-', '');
  return orcidCheckChar(digits.slice(0, 15)) === digits[15];
}

/** An iD without https://orcid.org/ (or orcid:), its check character upper case. */
export const bareOrcid = (v: string) =>
  v
    .trim()
    .replace(/^(?:https?:\/\/(?:www\.)?orcid\.org\/|orcid:\s*)/i, '')
    .replace(/x$/, 'X');

/** A dblp person id (74/5442, h/GeoffreyEHinton, 00/1234-1) without https://dblp.org/pid/ and .html. */
export const bareDblp = (v: string) =>
  v
    .trim()
    .replace(/^(?:https?:\/\/dblp\.(?:org|uni-trier\.de)\/pid\/|homepages\/)/i, '')
    .replace(/\.(?:html|xml)$/i, '');

/** An OpenAlex author id (A5023888391) without https://openalex.org/ (its API's address too). */
export const bareOpenAlex = (v: string) =>
  v
    .trim()
    .replace(/^https?:\/\/(?:api\.)?openalex\.org\/(?:authors\/)?/i, '')
    .replace(/^a/, 'A');

/** The profile pages of these ids, in this order (the Person's sameAs). */
export function scholarProfiles(p: {
  orcid?: string | null;
  dblp?: string | null;
  openalex?: string | null;
}): { kind: 'orcid' | 'dblp' | 'openalex'; url: string }[] {
  return [
    ...(p.orcid ? [{ kind: 'orcid' as const, url: `https://orcid.org/${p.orcid}` }] : []),
    ...(p.dblp ? [{ kind: 'dblp' as const, url: `https://dblp.org/pid/${p.dblp}.html` }] : []),
    ...(p.openalex ? [{ kind: 'openalex' as const, url: `https://openalex.org/${p.openalex}` }] : []),
  ];
}
