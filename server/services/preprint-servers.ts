// Preprint servers by the names files and registries give them, and by their DOI prefix, as the name a reader
// knows (PsyArXiv, not osf.io): a preprint's venue (docs/decisions/074-publication-kinds.md).

/** Servers by the lower-case name or host written for them. */
const SERVERS: Readonly<Record<string, string>> = {
  arxiv: 'arXiv',
  'arxiv.org': 'arXiv',
  'arxiv (cornell university)': 'arXiv',
  psyarxiv: 'PsyArXiv',
  'psyarxiv.com': 'PsyArXiv',
  socarxiv: 'SocArXiv',
  edarxiv: 'EdArXiv',
  biorxiv: 'bioRxiv',
  'biorxiv.org': 'bioRxiv',
  'biorxiv (cold spring harbor laboratory)': 'bioRxiv',
  medrxiv: 'medRxiv',
  'medrxiv.org': 'medRxiv',
  'medrxiv (cold spring harbor laboratory)': 'medRxiv',
  ssrn: 'SSRN',
  'ssrn.com': 'SSRN',
  'papers.ssrn.com': 'SSRN',
  'ssrn electronic journal': 'SSRN',
  chemrxiv: 'ChemRxiv',
  techrxiv: 'TechRxiv',
  'research square': 'Research Square',
  'research square (research square)': 'Research Square',
  'osf preprints': 'OSF Preprints',
  'osf.io': 'OSF Preprints',
};

/** A server named in a field (an eprint's archive, a publisher, OpenAlex's source), as its usual name; '' for none. */
export const serverNamed = (written: string) => SERVERS[written.trim().toLowerCase()] ?? (/^(?:arxiv\b|corr$)/i.test(written.trim()) ? 'arXiv' : '');

/** Servers by their DOI prefix (PsyArXiv's 10.31234/osf.io/…, arXiv's 10.48550/arXiv.…). */
const DOI_SERVERS: Readonly<Record<string, string>> = {
  '10.31234': 'PsyArXiv',
  '10.31235': 'SocArXiv',
  '10.35542': 'EdArXiv',
  '10.31219': 'OSF Preprints',
  '10.48550': 'arXiv',
  '10.2139': 'SSRN',
  '10.26434': 'ChemRxiv',
  '10.36227': 'TechRxiv',
  '10.21203': 'Research Square',
  '10.20944': 'Preprints.org',
  '10.22541': 'Authorea',
};

/** The server a bare DOI is on; '' for another's. */
export const doiServer = (doi: string) => DOI_SERVERS[doi.trim().slice(0, 20).split('/')[0]?.toLowerCase() ?? ''] ?? '';

/** The server an address is on: OSF's preprints by their community (osf.io/preprints/psyarxiv/…), else by host. */
export function serverOfUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return '';
  }
  const host = parsed.hostname.toLowerCase().replace(/^www\./, '');
  if (host === 'osf.io') {
    const community = /^\/preprints\/([a-z]+)\//i.exec(parsed.pathname)?.[1]?.toLowerCase() ?? '';
    return SERVERS[community] ?? '';
  }
  return SERVERS[host] ?? '';
}
