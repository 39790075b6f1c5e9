import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, type TestApp } from '../helpers/app.ts';
import { Client, loginAs } from '../helpers/client.ts';

// "Fill from DOI" asks Crossref, then DataCite, at the configured addresses; here
// both are loopback servers that speak their JSON (these machines have no internet). A DOI neither knows,
// a registry that fails and one that does not answer in time each say so and fill nothing.

const crossrefWork = {
  status: 'ok',
  message: {
    DOI: '10.1145/3589334.3645413',
    type: 'proceedings-article',
    title: ['Measuring Things  on the Web'],
    author: [{ given: 'Ada', family: 'Lovelace' }, { given: 'Alan', family: 'Turing' }, { name: 'The DISC Consortium' }],
    'container-title': ['Proceedings of the ACM Web Conference 2024'],
    published: { 'date-parts': [[2024, 5, 13]] },
    abstract: '<jats:title>Abstract</jats:title><jats:p>We measure <jats:italic>things</jats:italic>.</jats:p>',
    URL: 'https://doi.org/10.1145/3589334.3645413',
    volume: '12',
    issue: '3',
    page: '2231-2242',
    publisher: 'ACM',
    editor: [{ given: 'Tat-Seng', family: 'Chua' }],
    ISBN: ['9798400701719'],
  },
};
// a dissertation as Crossref registers one (its school and the school's place, its degree)
const crossrefDissertation = {
  status: 'ok',
  message: {
    DOI: '10.14288/1.0406262',
    type: 'dissertation',
    title: ['Coordinated Behaviour on Social Platforms'],
    author: [{ given: 'Yiran', family: 'Chen' }],
    published: { 'date-parts': [[2022]] },
    institution: [{ name: 'University of British Columbia', place: ['Vancouver'] }],
    degree: ['Doctor of Philosophy - PhD'],
    publisher: 'University of British Columbia',
  },
};
// works of other kinds as Crossref registers them (api.crossref.org/works/{doi}: the message's fields of the kind)
const crossrefKinds: Record<string, Record<string, unknown>> = {
  // an edited book: editors, no authors
  '10.1007/978-3-031-45022-4': {
    DOI: '10.1007/978-3-031-45022-4',
    type: 'edited-book',
    title: ['Handbook of Data Intelligence'],
    editor: [
      { given: 'Ana', family: 'Sousa', sequence: 'first', affiliation: [] },
      { given: 'Jan', family: 'van der Berg', sequence: 'additional', affiliation: [] },
    ],
    publisher: 'Springer Nature Switzerland',
    'publisher-location': 'Cham',
    published: { 'date-parts': [[2023]] },
    ISBN: ['9783031450217', '9783031450224'],
  },
  // a chapter: its book as the container, an author with a suffix
  '10.1007/978-3-031-45022-4_7': {
    DOI: '10.1007/978-3-031-45022-4_7',
    type: 'book-chapter',
    title: ['Knowledge Graphs for Public Opinion Monitoring'],
    author: [
      { given: 'John', family: 'Smith', suffix: 'III', sequence: 'first', affiliation: [] },
      { given: 'Mingyu', family: 'Zhou', sequence: 'additional', affiliation: [] },
    ],
    'container-title': ['Handbook of Data Intelligence'],
    publisher: 'Springer Nature Switzerland',
    page: '145-178',
    published: { 'date-parts': [[2023, 10, 28]] },
  },
  // a PsyArXiv preprint: posted content, its server the group
  '10.31234/osf.io/uhbk9': {
    DOI: '10.31234/osf.io/uhbk9',
    type: 'posted-content',
    subtype: 'preprint',
    title: ['Fighting COVID-19 misinformation on social media'],
    author: [{ given: 'Gordon', family: 'Pennycook', sequence: 'first', affiliation: [] }],
    publisher: 'Center for Open Science',
    'group-title': 'PsyArXiv',
    institution: [{ name: 'Center for Open Science' }],
    posted: { 'date-parts': [[2020, 3, 17]] },
    issued: { 'date-parts': [[2020, 3, 17]] },
  },
  '10.1596/978-1-4648-1393-9': {
    DOI: '10.1596/978-1-4648-1393-9',
    type: 'report',
    title: ['World Development Report 2019: The Changing Nature of Work'],
    author: [{ name: 'World Bank', sequence: 'first', affiliation: [] }],
    publisher: 'Washington, DC: World Bank',
    institution: [{ name: 'World Bank' }],
    published: { 'date-parts': [[2018, 10, 31]] },
  },
};
const dataciteSoftware = {
  data: {
    attributes: {
      titles: [{ title: 'rumorgraph: A Toolkit' }],
      creators: [{ name: 'Peng, Xiaoyu', nameType: 'Personal', givenName: 'Xiaoyu', familyName: 'Peng' }],
      publisher: 'Zenodo',
      publicationYear: 2024,
      types: { resourceTypeGeneral: 'Software', resourceType: '' },
      version: 'v1.2.0',
      url: 'https://zenodo.org/records/2',
    },
  },
};
const dataciteRecord = {
  data: {
    attributes: {
      titles: [{ title: 'A Dataset of Debates' }],
      creators: [{ name: 'Sun, Yihang', givenName: 'Yihang', familyName: 'Sun' }],
      publisher: 'Zenodo',
      publicationYear: 2025,
      types: { resourceTypeGeneral: 'Dataset' },
      descriptions: [{ description: 'Debates, annotated.', descriptionType: 'Abstract' }],
      subjects: [{ subject: 'argument mining' }],
      url: 'https://zenodo.org/records/1',
    },
  },
};

function serve(handler: (path: string, res: http.ServerResponse) => void): Promise<{ url: string; close: () => Promise<void>; asked: string[] }> {
  const asked: string[] = [];
  const server = http.createServer((req, res) => {
    asked.push(req.url ?? '');
    handler(decodeURIComponent(req.url ?? ''), res);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        asked,
        close: () =>
          new Promise((r) => {
            server.closeAllConnections();
            server.close(() => r());
          }),
      }),
    ),
  );
}

const json = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

describe('filling a publication from its DOI', () => {
  let crossref: Awaited<ReturnType<typeof serve>>;
  let datacite: Awaited<ReturnType<typeof serve>>;
  let t: TestApp;
  let admin: Client;
  beforeAll(async () => {
    crossref = await serve((path, res) => {
      if (path === '/works/10.1145/3589334.3645413') return json(res, 200, crossrefWork);
      if (path === '/works/10.14288/1.0406262') return json(res, 200, crossrefDissertation);
      if (path === '/works/10.1017/9781009412330')
        return json(res, 200, {
          message: { ...crossrefWork.message, type: 'book', 'publisher-location': 'Cambridge', publisher: 'Cambridge University Press' },
        });
      const kind = crossrefKinds[path.slice('/works/'.length)];
      if (kind) return json(res, 200, { status: 'ok', 'message-type': 'work', message: kind });
      if (path === '/works/10.9999/broken') return json(res, 500, { status: 'error' });
      if (path === '/works/10.9999/slow') return; // never answers
      // names longer than a name's parts may be: cut, never an answer that fails its own schema
      if (path === '/works/10.9999/long-names')
        return json(res, 200, {
          message: { ...crossrefWork.message, author: [{ given: 'G'.repeat(5000), family: 'F'.repeat(5000), suffix: 'S'.repeat(500) }] },
        });
      // a hostile (or broken) upstream: an abstract of 200,000 "<" and unclosed titles
      if (path === '/works/10.9999/hostile')
        return json(res, 200, {
          message: { ...crossrefWork.message, title: ['T'.repeat(600)], abstract: `${'<'.repeat(100_000)}${'<jats:title>'.repeat(8000)}<jats:p>End.</jats:p>` },
        });
      json(res, 404, { status: 'not found' });
    });
    datacite = await serve((path, res) =>
      path === '/dois/10.5281/zenodo.1'
        ? json(res, 200, dataciteRecord)
        : path === '/dois/10.5281/zenodo.2'
          ? json(res, 200, dataciteSoftware)
          : json(res, 404, { errors: [] }),
    );
    t = await makeApp('sqlite', { CROSSREF_URL: `${crossref.url}/`, DATACITE_URL: datacite.url, DOI_LOOKUP_TIMEOUT_MS: '400' });
    admin = await loginAs(t.app, 'admin', 'admin-password');
  });
  afterAll(async () => {
    await t?.close();
    await crossref?.close();
    await datacite?.close();
  });

  const lookup = (doi: string, who: Client = admin, lang: 'zh' | 'en' = 'en') => {
    who.lang = lang;
    return who.get(`/api/publication/doi/?doi=${encodeURIComponent(doi)}`);
  };

  it('fills a conference paper from Crossref: authors, venue, date, abstract as text', async () => {
    const r = await lookup('10.1145/3589334.3645413');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({
      title: 'Measuring Things on the Web',
      author: ['Ada Lovelace', 'Alan Turing', 'The DISC Consortium'],
      source: 'Proceedings of the ACM Web Conference 2024',
      type: 'paper',
      venue_kind: 'conference',
      year: 2024,
      month: 5,
      doi: '10.1145/3589334.3645413',
      abstract: 'We measure things.',
      // what citations need, as Crossref has it
      volume: '12',
      issue: '3',
      pages: '2231–2242',
      publisher: 'ACM',
      editors: ['Tat-Seng Chua'],
      isbn: '9798400701719',
    });
  });

  it('fills a thesis with its school and place, and a book with its place of publication', async () => {
    const thesis = await lookup('10.14288/1.0406262');
    expect(thesis.statusCode, thesis.body).toBe(200);
    expect(thesis.json()).toMatchObject({ type: 'doctoral thesis', source: 'University of British Columbia', place: 'Vancouver', year: 2022 });
    const book = await lookup('10.1017/9781009412330');
    expect(book.json()).toMatchObject({ type: 'monograph', source: 'Cambridge University Press', place: 'Cambridge' });
  });

  it('fills an edited book with its editors and no authors, and saves it as filled', async () => {
    const r = await lookup('10.1007/978-3-031-45022-4');
    expect(r.statusCode, r.body).toBe(200);
    const filled = r.json() as Record<string, unknown>;
    expect(filled).toMatchObject({
      type: 'monograph',
      author: [],
      editors: ['Ana Sousa', 'Jan van der Berg'],
      source: 'Springer Nature Switzerland',
      place: 'Cham',
      year: 2023,
    });
    expect(filled.month).toBeUndefined();
    const saved = await admin.send('POST', '/api/publication/', {
      title: String(filled.title),
      author: '[]',
      editors: JSON.stringify(filled.editors),
      source: String(filled.source),
      type: 'monograph',
      year: '2023',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // no author list at all (a form sends none for an empty list): an empty one
    const noList = await admin.send('POST', '/api/publication/', {
      title: 'Edited, no list',
      editors: '["Ana Sousa"]',
      source: 'S',
      type: 'monograph',
      year: '2023',
    });
    expect(noList.statusCode, noList.body).toBe(200);
    // neither authors nor editors: refused as before
    const neither = await admin.send('POST', '/api/publication/', { title: 'Nobody', author: '[]', source: 'S', year: '2023' });
    expect(neither.statusCode).toBe(400);
    expect(neither.json()).toMatchObject({ author: [expect.any(String)] });
  });

  it("fills a chapter, a preprint, a report and software as their kinds, a name's suffix kept", async () => {
    const chapter = (await lookup('10.1007/978-3-031-45022-4_7')).json() as Record<string, unknown>;
    expect(chapter).toMatchObject({
      type: 'chapter',
      venue_kind: 'other',
      source: 'Handbook of Data Intelligence',
      author: ['John Smith III', 'Mingyu Zhou'],
      pages: '145–178',
    });
    expect(JSON.parse((chapter.author_parts as string[])[0] as string)).toEqual({ family: 'Smith', given: 'John', suffix: 'III' });
    expect((await lookup('10.31234/osf.io/uhbk9')).json()).toMatchObject({ type: 'preprint', source: 'PsyArXiv', year: 2020, month: 3 });
    expect((await lookup('10.1596/978-1-4648-1393-9')).json()).toMatchObject({ type: 'report', source: 'World Bank' });
    expect((await lookup('10.5281/zenodo.2')).json()).toMatchObject({ type: 'software', source: 'Zenodo', edition: 'v1.2.0' });
    expect((await lookup('10.5281/zenodo.1')).json()).toMatchObject({ type: 'dataset' });
  });

  it('cuts names longer than a name may be, and answers', async () => {
    const r = await lookup('10.9999/long-names');
    expect(r.statusCode, r.body).toBe(200);
    expect((r.json() as { author_parts: string[] }).author_parts[0]?.length).toBeLessThanOrEqual(300);
  });

  it('looks up a DOI pasted as an address, with doi: or upper case, by its bare form', async () => {
    for (const written of ['https://doi.org/10.1145/3589334.3645413', 'http://dx.doi.org/10.1145/3589334.3645413', 'doi:10.1145/3589334.3645413']) {
      const r = await lookup(written);
      expect(r.statusCode, written).toBe(200);
      expect((r.json() as { doi: string }).doi).toBe('10.1145/3589334.3645413');
    }
    expect(crossref.asked.filter((p) => p.includes('http')).length).toBe(0);
  });

  it('reads a hostile abstract in linear time (100,000 "<" took 20 s)', async () => {
    const started = performance.now();
    const r = await lookup('10.9999/hostile');
    expect(r.statusCode, r.body).toBe(200);
    expect(performance.now() - started).toBeLessThan(2000);
    // the text after the unclosed titles is theirs, and goes with them; what is left is cut to the field's length
    expect((r.json() as { abstract: string }).abstract).toBe('<'.repeat(10_000));
  });

  it('asks DataCite for a DOI Crossref does not know', async () => {
    const r = await lookup('10.5281/zenodo.1');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({
      title: 'A Dataset of Debates',
      author: ['Yihang Sun'],
      source: 'Zenodo',
      year: 2025,
      venue_kind: 'other',
      keywords: ['argument mining'],
    });
    expect(crossref.asked).toContain('/works/10.5281%2Fzenodo.1');
  });

  it('says so when neither knows it, when a registry fails or does not answer in time, in the reader language', async () => {
    const unknown = await lookup('10.9999/unknown', admin, 'zh');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: '在 Crossref 和 DataCite 都找不到这个 DOI' });
    const broken = await lookup('10.9999/broken');
    expect(broken.statusCode).toBe(502);
    expect(broken.json()).toEqual({ detail: expect.stringMatching(/^The DOI lookup did not succeed/) });
    const started = Date.now();
    const slow = await lookup('10.9999/slow');
    expect(slow.statusCode).toBe(502);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('refuses what is not a DOI, and strangers', async () => {
    expect((await lookup('not-a-doi')).statusCode).toBe(400);
    expect((await lookup('https://doi.org/not-a-doi')).statusCode).toBe(400);
    expect((await lookup('10.1145/3589334.3645413', new Client(t.app))).statusCode).toBe(401);
  });
});
