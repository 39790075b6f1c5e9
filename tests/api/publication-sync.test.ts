import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openAlexOf } from '../../server/sync/index.ts';
import { dailySync } from '../../server/sync/job.ts';
import { checkLinks } from '../../server/sync/links.ts';
import { buildWithRetry, dialects, makeApp, type TestApp } from '../helpers/app.ts';
import { type Client, loginAs } from '../helpers/client.ts';
import { dblpHit, fakeOpenAlex, type FakeOpenAlex, ORCID, orcidGroup, syncEnv, work } from '../helpers/openalex.ts';
import { createdId, newMember } from '../fixtures/world.ts';

// Against a loopback OpenAlex speaking its JSON: a member with an ORCID iD gets their
// new works proposed as the BibTeX import's preview; one accepted, one dismissed (never proposed again); a
// stored arXiv preprint updated in place to its published version (its id, links and files kept); the
// daily job's citations and retractions, run by exactly one of two instances; and an index that times out,
// rate-limits or answers malformed JSON says so clearly and changes nothing.

const ARXIV_ID = '2101.00001';

describe.each(dialects)('publications kept current from OpenAlex on %s', (dialect) => {
  let oa: FakeOpenAlex;
  let t: TestApp;
  let admin: Client;
  let member: Awaited<ReturnType<typeof newMember>>;
  let preprintPid: number;
  let storedPid: number;

  beforeAll(async () => {
    oa = await fakeOpenAlex();
    t = await makeApp(dialect, syncEnv(oa.url));
    admin = await loginAs(t.app, 'admin', 'admin-password');
    member = await newMember(admin);
    expect((await member.send('PUT', `/api/people/?uid=${member.uid}`, { orcid: ORCID, area: 'social computing' })).statusCode).toBe(200);
    // the lab already has W102 (by DOI) and W104's preprint on arXiv (with a file and a code link)
    storedPid = createdId(
      await admin.send('POST', '/api/publication/', {
        title: 'Already here',
        author: '["Ada Lovelace"]',
        source: 'WWW',
        year: 2024,
        doi: '10.1145/3589334.102',
      }),
    );
    preprintPid = createdId(
      await admin.send('POST', '/api/publication/', {
        title: 'Coordinated Behaviour on Social Platforms',
        author: '["Ada Lovelace", "Alan Turing"]',
        source: 'arXiv',
        year: 2021,
        doi: `10.48550/arXiv.${ARXIV_ID}`,
        link1: `https://arxiv.org/abs/${ARXIV_ID}`,
        link2: 'https://github.com/lab/coordinated',
        file1: { file: Buffer.from('%PDF preprint'), name: 'preprint.pdf' },
      }),
    );
    oa.works = [
      work('101'),
      work('102'),
      work('103', { title: 'A Paper to Dismiss', display_name: 'A Paper to Dismiss' }),
      // OpenAlex groups the preprint with its published version: the arXiv copy is one of its locations
      work('104', {
        title: 'Coordinated Behaviour on Social Platforms',
        display_name: 'Coordinated Behaviour on Social Platforms',
        doi: 'https://doi.org/10.1145/3589334.104',
        publication_year: 2023,
        primary_location: {
          is_oa: false,
          landing_page_url: 'https://doi.org/10.1145/3589334.104',
          pdf_url: null,
          source: { id: 'https://openalex.org/S1', display_name: 'Journal of Social Computing', type: 'journal' },
          version: 'publishedVersion',
        },
        locations: [
          {
            is_oa: true,
            landing_page_url: `https://arxiv.org/abs/${ARXIV_ID}`,
            pdf_url: `https://arxiv.org/pdf/${ARXIV_ID}`,
            source: { id: 'https://openalex.org/S4306400194', display_name: 'arXiv (Cornell University)', type: 'repository' },
            version: 'submittedVersion',
          },
        ],
        cited_by_count: 40,
      }),
    ];
  });
  afterAll(async () => {
    await t?.close();
    await oa?.close();
  });
  beforeEach(() => {
    oa.mode = 'ok';
    admin.lang = 'en';
  });

  const preview = async (who: Client = admin, pid: number | undefined = member.pid) => {
    const r = await who.json('POST', '/api/publication/sync/preview/', pid === undefined ? {} : { pid });
    return r;
  };
  const proposals = async () => {
    const r = await preview();
    expect(r.statusCode, r.body).toBe(200);
    return r.json().proposals as {
      work: string;
      record: { title: string; doi: string; author: string[] };
      area?: string;
      preprint?: { pid: number; by: string };
      problems: string[];
    }[];
  };
  const counts = async () => ({
    publications: Number(
      (
        await t.app.lab.db
          .selectFrom('publication')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirst()
      )?.n,
    ),
    dismissed: Number(
      (
        await t.app.lab.db
          .selectFrom('sync_dismissed')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirst()
      )?.n,
    ),
    synced: Number(
      (
        await t.app.lab.db
          .selectFrom('publication_sync')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirst()
      )?.n,
    ),
  });

  it("proposes the member's works the lab does not have, as the import preview does, politely asked", async () => {
    const p = await proposals();
    expect(p.map((x) => x.work).sort()).toEqual(['W101', 'W103', 'W104']);
    const w101 = p.find((x) => x.work === 'W101');
    expect(w101?.record).toMatchObject({
      doi: '10.1145/3589334.101',
      author: ['Ada Lovelace', 'Alan Turing'],
      source: 'Proceedings of the ACM Web Conference 2024',
      year: 2024,
      pages: '2231–2242',
      abstract: 'We measure things',
    });
    // the member's area proposed, no problems
    expect(w101).toMatchObject({ area: 'social computing', problems: [] });
    expect(p.find((x) => x.work === 'W104')?.preprint).toMatchObject({ pid: preprintPid, by: 'arxiv' });
    const asked = oa.asked.findLast((a) => a.url.startsWith('/works?'));
    expect(asked?.url).toContain(`filter=authorships.author.orcid%3Ahttps%3A%2F%2Forcid.org%2F${ORCID}`);
    expect(asked?.url).toContain('mailto=lab%40example.edu');
    expect(asked?.userAgent).toMatch(/mailto:lab@example\.edu/);
  });

  it('accepts one (created in its area, never proposed again) and dismisses another (never proposed again)', async () => {
    const p = await proposals();
    const w101 = p.find((x) => x.work === 'W101');
    const r = await admin.json('POST', '/api/publication/sync/accept/', { entries: [{ work: 'W101', record: w101?.record, area: 'social computing' }] });
    expect(r.statusCode, r.body).toBe(200);
    const [pid] = r.json().created as number[];
    const stored = (await admin.get(`/api/publication/?pid=${pid}`)).json();
    expect(stored).toMatchObject({ title: w101?.record.title, doi: '10.1145/3589334.101', area: 'social computing' });
    const d = await admin.json('POST', '/api/publication/sync/dismiss/', {
      entries: [{ work: 'W103', doi: '10.1145/3589334.103', title: 'A Paper to Dismiss' }],
    });
    expect(d.statusCode, d.body).toBe(200);
    expect((await proposals()).map((x) => x.work)).toEqual(['W104']);
    // the lab-wide search too
    const lab = await preview(admin, undefined);
    expect(lab.json().proposals.map((x: { work: string }) => x.work)).toEqual(['W104']);
  });

  it('updates a stored preprint in place to its published version: id, title, links and files kept, the preprint kept as a link', async () => {
    const w104 = (await proposals()).find((x) => x.work === 'W104');
    const r = await admin.json('POST', '/api/publication/sync/accept/', {
      entries: [{ work: 'W104', record: w104?.record, area: 'none', update: preprintPid }],
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({ created: [], updated: [preprintPid] });
    const after = (await admin.get(`/api/publication/?pid=${preprintPid}`)).json();
    expect(after).toMatchObject({
      pid: preprintPid,
      title: 'Coordinated Behaviour on Social Platforms',
      doi: '10.1145/3589334.104',
      source: 'Journal of Social Computing',
      venue_kind: 'journal',
      year: 2023,
      link1: 'https://doi.org/10.1145/3589334.104',
      link2: 'https://github.com/lab/coordinated',
      file1: 'preprint.pdf',
    });
    const file = await admin.get(after.file1_url);
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('%PDF preprint');
    const sync = await t.app.lab.db.selectFrom('publication_sync').selectAll().where('pid', '=', preprintPid).executeTakeFirstOrThrow();
    expect(sync).toMatchObject({ openalex: 'W104', preprint_url: `https://arxiv.org/abs/${ARXIV_ID}` });
    expect((await proposals()).map((x) => x.work)).toEqual([]);
  });

  it.each([
    [
      'rate-limited',
      'OpenAlex is limiting requests (429) and still refused after retrying; nothing was changed, try again later',
      'OpenAlex 限制了请求频率（429），重试后仍被拒绝，未做任何更改，请稍后再试',
    ],
    ['malformed', 'OpenAlex answered JSON not of the expected shape; nothing was changed', 'OpenAlex 的应答不是预期格式的 JSON，未做任何更改'],
    ['not-json', 'OpenAlex answered JSON not of the expected shape; nothing was changed', 'OpenAlex 的应答不是预期格式的 JSON，未做任何更改'],
    ['slow', 'OpenAlex did not answer within 1 s; nothing was changed, try again later', 'OpenAlex 在 1 秒内没有应答，未做任何更改，请稍后再试'],
    ['error', 'OpenAlex answered an error (HTTP 500); nothing was changed, try again later', 'OpenAlex 返回了错误（HTTP 500），未做任何更改，请稍后再试'],
    // wholly in the reader's language: no "network" in the Chinese message
    ['reset', 'Could not reach OpenAlex (a network error); nothing was changed, try again later', '无法连接 OpenAlex（网络错误），未做任何更改，请稍后再试'],
  ] as const)('an OpenAlex that is %s: a clear message in both languages, nothing changed', async (mode, en, zh) => {
    oa.works.push(work('105'));
    try {
      const before = await counts();
      oa.mode = mode;
      const r = await preview();
      expect(r.statusCode, r.body).toBe(502);
      expect(r.json()).toEqual({ detail: en });
      admin.lang = 'zh';
      expect((await preview()).json()).toEqual({ detail: zh });
      // the daily job neither
      await expect(t.app.inject({ method: 'POST', url: '/api/publication/sync/run/', headers: admin.headers() }).then((x) => x.statusCode)).resolves.toBe(502);
      expect(await counts()).toEqual(before);
    } finally {
      oa.works.pop();
    }
  });

  it('waits as a 429 Retry-After says, then gets its answer', async () => {
    oa.mode = 'retry-after-once';
    const n = oa.asked.length;
    const started = Date.now();
    expect((await preview()).statusCode).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    // the 429, then the answer (and the ORCID record's works)
    expect(oa.asked.slice(n).filter((a) => a.url.startsWith('/works?'))).toHaveLength(2);
  });

  it("adds the ORCID record's and dblp's works that OpenAlex does not list, once, the dblp person's only", async () => {
    const name = ((await admin.get(`/api/people/?pid=${member.pid}`)).json() as { name_en: string }).name_en;
    oa.orcidGroups = [
      orcidGroup(555, 'Only In ORCID', '10.5555/orcid.1'),
      orcidGroup(556, 'Work 101 on Measuring Social Platforms', '10.1145/3589334.101', '2024'),
    ];
    oa.dblpHits = [
      dblpHit(
        'conf/www/Only23',
        'Only In dblp',
        [
          { pid: '74/5442', name: `${name} 0001` },
          { pid: '11/2222', name: 'Bo Li' },
        ],
        '10.5555/dblp.1',
      ),
      // a homonym's paper: not the member's dblp id
      dblpHit('conf/www/Homonym23', 'A Homonym Paper', [{ pid: '99/9999', name }]),
      // the ORCID record's work again
      dblpHit('journals/jt/Only23', 'Only In ORCID', [{ pid: '74/5442', name }], '10.5555/orcid.1'),
    ];
    try {
      expect((await member.send('PUT', `/api/people/?uid=${member.uid}`, { dblp: '74/5442' })).statusCode).toBe(200);
      const p = await proposals();
      expect(p.map((x) => x.work)).toEqual(['orcid:555', 'dblp:conf/www/Only23']);
      expect(p[0]?.record).toMatchObject({
        title: 'Only In ORCID',
        author: [name],
        source: 'Journal of Tests',
        venue_kind: 'journal',
        year: 2023,
        doi: '10.5555/orcid.1',
      });
      expect(p[1]?.record).toMatchObject({ title: 'Only In dblp', author: [name, 'Bo Li'], doi: '10.5555/dblp.1', venue_kind: 'conference' });
      expect(oa.asked.some((a) => a.url.startsWith('/search/publ/api?') && a.url.includes('format=json'))).toBe(true);
      // dismissed by its record and DOI, never proposed again; the other accepted, its DOI known from then on
      await admin.json('POST', '/api/publication/sync/dismiss/', { entries: [{ work: 'orcid:555', doi: '10.5555/orcid.1' }] });
      const r = await admin.json('POST', '/api/publication/sync/accept/', { entries: [{ work: 'dblp:conf/www/Only23', record: p[1]?.record, area: 'none' }] });
      expect(r.statusCode, r.body).toBe(200);
      expect((await proposals()).map((x) => x.work)).toEqual([]);
    } finally {
      oa.orcidGroups = [];
      oa.dblpHits = [];
    }
  });

  it('refuses a member without ids, and a body out of bounds', async () => {
    const other = await newMember(admin);
    expect((await preview(admin, other.pid)).json()).toEqual({ detail: 'This member has no ORCID iD, OpenAlex author id or dblp person id' });
    const many = Array.from({ length: 501 }, () => ({ work: 'W1' }));
    expect((await admin.json('POST', '/api/publication/sync/dismiss/', { entries: many })).statusCode).toBe(400);
  });

  it('the daily job stores citations and flags a retraction', async () => {
    oa.works.find((w) => w.id.endsWith('W102'))!.is_retracted = true;
    oa.works.find((w) => w.id.endsWith('W102'))!.cited_by_count = 7;
    const summary = await dailySync(t.app.lab.db, await openAlexOf(t.app), new Date('2030-01-01T03:00:00Z'));
    expect(summary).toMatchObject({ counted: 3, retracted: 1 });
    // a second run the same day (this instance or another) does nothing
    expect(await dailySync(t.app.lab.db, await openAlexOf(t.app), new Date('2030-01-01T09:00:00Z'))).toBeUndefined();
    const row = await t.app.lab.db.selectFrom('publication_sync').selectAll().where('pid', '=', storedPid).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ cited_by_count: 7, retracted: 1, openalex: 'W102' });
    const flags = (await admin.get('/api/publication/sync/flags/')).json();
    expect(flags).toEqual([{ pid: storedPid, title: 'Already here', flags: ['retracted, says OpenAlex'] }]);
  });
});

describe.each(dialects)('the links of the list on %s', (dialect) => {
  it('flags a link that has answered 404 for a week, and forgets it once it answers', async () => {
    let gone = 404;
    const asked: string[] = [];
    const server = http.createServer((req, res) => {
      asked.push(`${req.method} ${req.url} ${req.headers['user-agent']}`);
      res.writeHead(req.url === '/gone' ? gone : req.url === '/no-head' && req.method === 'HEAD' ? 405 : 200).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const t = await makeApp(dialect, { SYNC_INTERVAL_MS: '0', SYNC_TIMEOUT_MS: '1000' });
    try {
      const admin = await loginAs(t.app, 'admin', 'admin-password');
      const pid = createdId(
        await admin.send('POST', '/api/publication/', {
          title: 'Linked',
          author: '["A"]',
          source: 'WWW',
          link1: `${base}/gone`,
          link2: `${base}/ok`,
          link3: `${base}/no-head`,
        }),
      );
      const config = t.app.lab.config.sync;
      const week = 7 * 24 * 3600_000;
      expect(await checkLinks(t.app.lab.db, config, 'LabWebsite/1.0 (mailto:lab@example.edu)', new Date(Date.now() - week - 60_000))).toBe(1);
      expect(asked).toContain('GET /no-head LabWebsite/1.0 (mailto:lab@example.edu)');
      // a day later it still answers 404: first seen over a week ago, flagged
      await checkLinks(t.app.lab.db, config, 'LabWebsite/1.0', new Date());
      admin.lang = 'zh';
      expect((await admin.get('/api/publication/sync/flags/')).json()).toEqual([{ pid, title: 'Linked', flags: ['link1 已连续一周返回 404'] }]);
      gone = 200;
      expect(await checkLinks(t.app.lab.db, config, 'LabWebsite/1.0', new Date())).toBe(0);
      expect((await admin.get('/api/publication/sync/flags/')).json()).toEqual([]);
    } finally {
      await t.close();
      server.closeAllConnections();
      server.close();
    }
  });
});

describe.skipIf(!dialects.includes('postgres'))('the daily job on two instances sharing one PostgreSQL', () => {
  it('runs on exactly one of them, and a failed run gives its day back', async () => {
    const oa = await fakeOpenAlex();
    const one = await makeApp('postgres', { OPENALEX_URL: oa.url, SYNC_INTERVAL_MS: '0', SYNC_RETRIES: '0' });
    // a second instance on the same schema
    const schema = (await one.app.lab.db.selectNoFrom((eb) => eb.fn<string>('current_schema', []).as('s')).executeTakeFirstOrThrow()).s;
    const config = loadConfig({
      DATA_DIR: one.dataDir,
      DATABASE_URL: one.app.lab.config.databaseUrl as string,
      LAB_API_ONLY: '1',
      OPENALEX_URL: oa.url,
      SYNC_INTERVAL_MS: '0',
      SYNC_RETRIES: '0',
    });
    const two = await buildWithRetry(() => buildApp({ config, pgSchema: schema }), schema);
    try {
      const admin = await loginAs(one.app, 'admin', 'admin-password');
      const pid = createdId(
        await admin.send('POST', '/api/publication/', { title: 'Counted', author: '["A"]', source: 'WWW', year: 2024, doi: '10.1145/3589334.201' }),
      );
      oa.works = [work('201', { cited_by_count: 99 })];
      const day = new Date('2030-02-02T04:00:00Z');
      // a failing first try changes nothing and leaves the day to the next check
      oa.mode = 'error';
      await expect(dailySync(one.app.lab.db, await openAlexOf(one.app), day)).rejects.toThrow();
      expect(await one.app.lab.db.selectFrom('job_claim').selectAll().execute()).toEqual([]);
      oa.mode = 'ok';
      const n = oa.asked.length;
      const runs = await Promise.all([one.app, two, one.app, two].map(async (app) => dailySync(app.lab.db, await openAlexOf(app), day)));
      expect(runs.filter(Boolean)).toHaveLength(1);
      expect(oa.asked.length - n).toBe(1);
      const row = await two.lab.db.selectFrom('publication_sync').selectAll().where('pid', '=', pid).executeTakeFirstOrThrow();
      expect(row.cited_by_count).toBe(99);
    } finally {
      await two.close();
      await one.close();
      await oa.close();
    }
  });
});
