import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A loopback Crossref (GET /works/{doi}) and DataCite (GET /dois/{doi}) for the DOI relations of "Find new
// papers" (server/sync/relations.ts), answering JSON of the registries' documented shapes.

/** A work of Crossref's REST API (GET /works/{doi}), as https://api.crossref.org/swagger-ui documents it: the fields around `relation` kept. */
export const crossrefWork = (doi: string, over: Record<string, unknown>) => ({
  status: 'ok',
  'message-type': 'work',
  'message-version': '1.0.0',
  message: {
    indexed: { 'date-parts': [[2026, 11, 20]], 'date-time': '2026-11-20T05:12:33Z', timestamp: 1795152753000 },
    'reference-count': 42,
    publisher: 'Elsevier BV',
    DOI: doi,
    type: 'journal-article',
    created: { 'date-parts': [[2024, 1, 18]], 'date-time': '2024-01-18T10:02:11Z', timestamp: 1705572131000 },
    source: 'Crossref',
    'is-referenced-by-count': 3,
    title: ['A Title'],
    prefix: doi.slice(0, doi.indexOf('/')),
    member: '78',
    'container-title': ['Cell'],
    URL: `https://doi.org/${doi}`,
    published: { 'date-parts': [[2024, 1, 18]] },
    relation: {},
    ...over,
  },
});

/** A DOI of DataCite's REST API (GET /dois/{doi}), as arXiv registers them (client arxiv.content). */
export const dataciteDoi = (doi: string, related: Record<string, string>[]) => ({
  data: {
    id: doi.toLowerCase(),
    type: 'dois',
    attributes: {
      doi: doi.toLowerCase(),
      prefix: '10.48550',
      suffix: doi.slice(doi.indexOf('/') + 1).toLowerCase(),
      identifiers: [{ identifier: `arXiv:${doi.slice(doi.indexOf('.', 9) + 1)}`, identifierType: 'arXiv' }],
      creators: [{ name: 'Lovelace, Ada', nameType: 'Personal', givenName: 'Ada', familyName: 'Lovelace', affiliation: [], nameIdentifiers: [] }],
      titles: [{ title: 'Echo Chambers, A Preprint' }],
      publisher: 'arXiv',
      publicationYear: 2021,
      types: { ris: 'GEN', bibtex: 'misc', citeproc: 'article', schemaOrg: 'CreativeWork', resourceType: 'Article', resourceTypeGeneral: 'Preprint' },
      relatedIdentifiers: related,
      url: `https://arxiv.org/abs/${doi.slice(doi.indexOf('.', 9) + 1)}`,
      state: 'findable',
    },
    relationships: { client: { data: { id: 'arxiv.content', type: 'clients' } } },
  },
});

export type Fail = 'missing' | 'error' | 'malformed' | 'not-json' | 'slow';

/** A loopback Crossref (/works/{doi}) and DataCite (/dois/{doi}); `fail` makes one DOI's record fail as a real registry may. */
export async function fakeRegistries() {
  const crossref = new Map<string, unknown>();
  const datacite = new Map<string, unknown>();
  const fail = new Map<string, Fail>();
  const asked: { path: string; userAgent: string }[] = [];
  const server = http.createServer((req, res) => {
    const path = decodeURIComponent(req.url ?? '');
    asked.push({ path, userAgent: String(req.headers['user-agent'] ?? '') });
    const send = (status: number, body: unknown, type = 'application/json') => {
      res.writeHead(status, { 'content-type': type });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    const [, kind, ...rest] = path.split('/');
    const doi = rest.join('/').toLowerCase();
    const mode = fail.get(doi);
    if (mode === 'slow') return; // never answers
    if (mode === 'error') return send(500, { status: 'error', message: 'Internal Server Error' });
    if (mode === 'not-json') return send(200, '<html>upstream proxy error</html>', 'text/html');
    if (mode === 'malformed') return send(200, { status: 'ok', message: { relation: { 'has-preprint': 'not a list' } } });
    const found = mode === 'missing' ? undefined : (kind === 'works' ? crossref : kind === 'dois' ? datacite : new Map()).get(doi);
    if (found) return send(200, found);
    // as each answers a DOI it does not know
    if (kind === 'dois') return send(404, { errors: [{ status: '404', title: "The resource you are looking for doesn't exist." }] });
    send(404, 'Resource not found.', 'text/plain');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    crossref,
    datacite,
    fail,
    asked,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

export type FakeRegistries = Awaited<ReturnType<typeof fakeRegistries>>;
