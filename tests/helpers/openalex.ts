import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A loopback OpenAlex: /works with the filters server/sync/openalex.ts sends, answering JSON of
// the shape of OpenAlex's documentation (https://docs.openalex.org/api-entities/works/work-object: meta and
// results, each work with id, doi, title, display_name, publication_year, type, authorships, primary_location,
// locations, cited_by_count, is_retracted, ids, biblio). `mode` makes it fail as a real one may.

type Mode = 'ok' | 'rate-limited' | 'retry-after-once' | 'malformed' | 'not-json' | 'slow' | 'error' | 'reset';

export const ORCID = '0000-0002-1825-0097';

const author = (name: string, orcid?: string, id = 'A5023888391') => ({
  author_position: 'middle',
  author: { id: `https://openalex.org/${id}`, display_name: name, orcid: orcid ? `https://orcid.org/${orcid}` : null },
  institutions: [],
  raw_author_name: name,
});

/**
 * A test app's settings for the scholarly indexes: OpenAlex, ORCID and dblp at `url` (one loopback server
 * answers all three), the DOI registries at `registries` (else `url` too: never the public ones), short
 * timeouts, no spacing between requests; `over` changes any of them.
 */
export function syncEnv(url: string, over: Record<string, string> = {}, registries = url): Record<string, string> {
  return {
    OPENALEX_URL: url,
    ORCID_URL: url,
    DBLP_URL: url,
    CROSSREF_URL: registries,
    DATACITE_URL: registries,
    SYNC_TIMEOUT_MS: '1000',
    SYNC_RETRIES: '2',
    SYNC_INTERVAL_MS: '0',
    SYNC_MAILTO: 'lab@example.edu',
    ...over,
  };
}

export function work(n: string, over: Record<string, unknown> = {}) {
  return {
    id: `https://openalex.org/W${n}`,
    doi: `https://doi.org/10.1145/3589334.${n}`,
    title: `Work ${n} on Measuring Social Platforms`,
    display_name: `Work ${n} on Measuring Social Platforms`,
    publication_year: 2024,
    publication_date: '2024-05-13',
    ids: { openalex: `https://openalex.org/W${n}`, doi: `https://doi.org/10.1145/3589334.${n}` },
    language: 'en',
    primary_location: {
      is_oa: false,
      landing_page_url: `https://doi.org/10.1145/3589334.${n}`,
      pdf_url: null,
      source: { id: 'https://openalex.org/S4363608788', display_name: 'Proceedings of the ACM Web Conference 2024', issn_l: null, type: 'conference' },
      license: null,
      version: 'publishedVersion',
    },
    type: 'article',
    type_crossref: 'proceedings-article',
    open_access: { is_oa: false, oa_status: 'closed', oa_url: null },
    authorships: [author('Ada Lovelace', ORCID), author('Alan Turing', undefined, 'A5000000002')],
    cited_by_count: 12,
    biblio: { volume: '12', issue: '3', first_page: '2231', last_page: '2242' },
    is_retracted: false,
    is_paratext: false,
    abstract_inverted_index: { We: [0], measure: [1], things: [2] },
    locations: [],
    updated_date: '2026-11-20T05:12:33.123456',
    created_date: '2024-05-14',
    ...over,
  };
}

/** A work of an ORCID record, as its public API v3.0 answers GET /v3.0/{orcid}/works (a group per work). */
export function orcidGroup(putCode: number, title: string, doi: string | null, year = '2023') {
  const ids = doi
    ? [{ 'external-id-type': 'doi', 'external-id-value': doi, 'external-id-url': { value: `https://doi.org/${doi}` }, 'external-id-relationship': 'self' }]
    : [];
  return {
    'last-modified-date': { value: 1700000000000 },
    'external-ids': { 'external-id': ids },
    'work-summary': [
      {
        'put-code': putCode,
        'created-date': { value: 1690000000000 },
        'last-modified-date': { value: 1700000000000 },
        source: {
          'source-orcid': null,
          'source-client-id': { uri: 'https://orcid.org/client/0000-0001-9884-1913', path: '0000-0001-9884-1913', host: 'orcid.org' },
          'source-name': { value: 'Crossref' },
        },
        title: { title: { value: title }, subtitle: null, 'translated-title': null },
        'external-ids': { 'external-id': ids },
        url: null,
        type: 'journal-article',
        'publication-date': { year: { value: year }, month: { value: '04' }, day: null },
        'journal-title': { value: 'Journal of Tests' },
        visibility: 'public',
        path: `/${ORCID}/work/${putCode}`,
        'display-index': '1',
      },
    ],
  };
}

/** A hit of dblp's publication search (GET /search/publ/api?q=…&format=json). */
export function dblpHit(key: string, title: string, authors: { pid: string; name: string }[], doi?: string) {
  return {
    '@score': '7',
    '@id': String(key.length * 7919),
    info: {
      authors: { author: authors.map((a) => ({ '@pid': a.pid, text: a.name })) },
      title: `${title}.`,
      venue: 'WWW',
      pages: '1-10',
      year: '2023',
      type: 'Conference and Workshop Papers',
      access: 'closed',
      key,
      ...(doi ? { doi, ee: `https://doi.org/${doi}` } : { ee: 'https://example.org/paper' }),
      url: `https://dblp.org/rec/${key}`,
    },
    url: `URL#${key}`,
  };
}

export type FakeOpenAlex = {
  url: string;
  mode: Mode;
  /** The same server as ORCID (/v3.0/{orcid}/works) and dblp (/search/publ/api). */
  orcidGroups: ReturnType<typeof orcidGroup>[];
  dblpHits: ReturnType<typeof dblpHit>[];
  /** The works a member's list (filter by ORCID or author id) holds, and every work known by DOI or id. */
  works: ReturnType<typeof work>[];
  asked: { url: string; userAgent: string }[];
  /** Each answer waits this long (a slow index, still answering). */
  delayMs: number;
  close: () => Promise<void>;
};

const list = (results: unknown[]) => ({
  meta: { count: results.length, db_response_time_ms: 21, page: null, per_page: 200, next_cursor: null, groups_count: null },
  results,
  group_by: [],
});

export function fakeOpenAlex(): Promise<FakeOpenAlex> {
  const fake = { mode: 'ok', works: [], orcidGroups: [], dblpHits: [], asked: [], delayMs: 0 } as unknown as FakeOpenAlex;
  let onceDone = false;
  const server = http.createServer((req, res) => {
    if (fake.delayMs > 0) setTimeout(() => answer(req, res), fake.delayMs);
    else answer(req, res);
  });
  const answer = (req: http.IncomingMessage, res: http.ServerResponse) => {
    fake.asked.push({ url: req.url ?? '', userAgent: String(req.headers['user-agent'] ?? '') });
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    if (fake.mode === 'slow') return; // never answers
    if (fake.mode === 'reset') return req.socket.destroy(); // the connection drops: a network error
    if (fake.mode === 'rate-limited') return send(429, { error: 'Too Many Requests' }, { 'retry-after': '0' });
    if (fake.mode === 'retry-after-once' && !onceDone) {
      onceDone = true;
      return send(429, { error: 'Too Many Requests' }, { 'retry-after': '1' });
    }
    if (fake.mode === 'error') return send(500, { error: 'Internal Server Error' });
    if (fake.mode === 'not-json') return send(200, '<html>upstream proxy error</html>');
    if (fake.mode === 'malformed') return send(200, { meta: { count: 1 }, results: [{ id: 'not-a-work-id', title: 3 }] });
    const u = new URL(req.url ?? '/', 'http://x');
    if (u.pathname === `/v3.0/${ORCID}/works`)
      return send(200, { 'last-modified-date': { value: 1700000000000 }, group: fake.orcidGroups, path: `/${ORCID}/works` });
    if (u.pathname === '/search/publ/api') {
      const hits = fake.dblpHits;
      return send(200, {
        result: {
          query: u.searchParams.get('q'),
          status: { '@code': '200', text: 'OK' },
          time: { '@unit': 'msecs', text: '12.34' },
          completions: { '@total': '0', '@computed': '0', '@sent': '0' },
          hits: { '@total': String(hits.length), '@computed': String(hits.length), '@sent': String(hits.length), '@first': '0', hit: hits },
        },
      });
    }
    if (u.pathname !== '/works') return send(404, { error: 'not found' });
    const filter = u.searchParams.get('filter') ?? '';
    const [key, value = ''] = [filter.slice(0, filter.indexOf(':')), filter.slice(filter.indexOf(':') + 1)];
    const all = fake.works;
    if (key === 'authorships.author.orcid' || key === 'authorships.author.id')
      return send(200, list(all.filter((w) => w.authorships.some((a) => a.author.orcid === value || a.author.id === `https://openalex.org/${value}`))));
    if (key === 'doi') {
      const dois = new Set(value.split('|').map((d) => d.toLowerCase()));
      return send(200, list(all.filter((w) => w.doi && dois.has(w.doi.replace('https://doi.org/', '').toLowerCase()))));
    }
    if (key === 'openalex') {
      const ids = new Set(value.split('|'));
      return send(200, list(all.filter((w) => ids.has(w.id.replace('https://openalex.org/', '')))));
    }
    if (key === 'title.search') {
      const words = value.split(',publication_year:')[0]?.toLowerCase() ?? '';
      return send(
        200,
        list(
          all.filter(
            (w) =>
              w.title
                .toLowerCase()
                .replace(/[^a-z0-9]+/g, ' ')
                .trim() ===
              words
                .toLowerCase()
                .replace(/[^a-z0-9]+/g, ' ')
                .trim(),
          ),
        ),
      );
    }
    send(400, { error: 'Invalid query parameters error.', message: `${key} is not a valid field` });
  };
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      fake.close = () =>
        new Promise((r) => {
          server.closeAllConnections();
          server.close(() => r());
        });
      resolve(fake);
    }),
  );
}
