import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Topic } from '../../server/cache/changes.ts';
import { createPageData } from '../../server/pages/page-data.ts';
import { createdId, fieldErrors } from '../fixtures/world.ts';
import { dialects, makeApp, type TestApp } from '../helpers/app.ts';
import { Client, createMember, loginAs } from '../helpers/client.ts';

// Fields that refer to people (common/person-refs.ts), on the awards and patents declared with
// them. A write names members by id or username (stored by id) and outsiders by name; a member or record
// that does not exist is refused in both languages and nothing is stored; a member removed since stays where
// a record named them; public reads carry the references, public pages the names (members linked), and a
// member's page lists the public records naming them, by resource, alike on both databases.

const pageRequest = (url: string, lang: 'zh' | 'en') =>
  ({ url, method: 'GET', headers: { 'accept-language': lang }, pageOrigin: 'https://lab.example' }) as unknown as FastifyRequest;

describe.each(dialects)('people fields on %s', (dialect) => {
  let t: TestApp;
  let admin: Client;
  let anonymous: Client;
  const pids: Record<string, number> = {};
  const award = async (fields: Record<string, string>) => {
    const r = await admin.send('POST', '/api/award/', { title_zh: '测试奖', title_en: 'Test prize', year: '2024', ...fields });
    expect(r.statusCode, r.body).toBe(200);
    return createdId(r);
  };
  const recipientsOf = async (wid: number) => ((await admin.get(`/api/award/?wid=${wid}`)).json() as { recipients: string[] }).recipients;
  const pageData = (url: string, lang: 'zh' | 'en', topics = new Set<Topic>()) => createPageData(t.app.lab, pageRequest(url, lang), topics);

  beforeAll(async () => {
    t = await makeApp(dialect);
    admin = await loginAs(t.app, 'admin', 'admin-password');
    anonymous = new Client(t.app);
    for (const [username, name_en, name_zh] of [
      ['ada', 'Ada Lovelace', '艾达'],
      ['alan', 'Alan Turing', '图灵'],
      ['grace', 'Grace Hopper', '格蕾丝'],
    ] as const) {
      pids[username] = (await createMember(admin, { username, name_en, name_zh, link_type: '1', link1: '# Page' })).pid;
    }
  });
  afterAll(() => t?.close());

  it('stores members by id, whether sent by id or username, and outsiders by name, in order', async () => {
    const wid = await award({ recipients: JSON.stringify(['@ada', `pid:${pids.alan}`, 'Emily Hart (Edinburgh)']) });
    expect(await recipientsOf(wid)).toEqual([`pid:${pids.ada}`, `pid:${pids.alan}`, 'Emily Hart (Edinburgh)']);
    // the public read carries the same references (its projection names the field)
    const pub = (await anonymous.get(`/api/read_award/?wid=${wid}`)).json() as { recipients: string[]; release?: unknown };
    expect(pub.recipients).toEqual([`pid:${pids.ada}`, `pid:${pids.alan}`, 'Emily Hart (Edinburgh)']);
    expect(pub).not.toHaveProperty('release');
  });

  it('refuses an unknown member, an unknown username, a malformed reference and an over-long list, in both languages, storing nothing', async () => {
    const count = async () => ((await admin.get('/api/award/')).json() as unknown[]).length;
    const before = await count();
    const refused = async (recipients: unknown, lang: 'zh' | 'en') => {
      admin.lang = lang;
      const r = await admin.send('POST', '/api/award/', { title_zh: '拒绝', year: '2024', recipients: JSON.stringify(recipients) });
      expect(r.statusCode, r.body).toBe(400);
      return fieldErrors(r).recipients;
    };
    expect(await refused(['pid:999999'], 'en')).toEqual(['there is no member with id 999999']);
    expect(await refused(['pid:999999'], 'zh')).toEqual(['没有编号为 999999 的成员']);
    expect(await refused(['@nobody'], 'en')).toEqual(['there is no member with username nobody']);
    expect(await refused(['@nobody'], 'zh')).toEqual(['没有用户名为 nobody 的成员']);
    expect((await refused(['pid:0'], 'en'))?.[0]).toMatch(/pid:id or @username/);
    expect(
      (
        await refused(
          Array.from({ length: 51 }, (_, i) => `Person ${i}`),
          'en',
        )
      )?.[0],
    ).toBeTruthy();
    expect((await refused(['x'.repeat(301)], 'en'))?.[0]).toBeTruthy();
    admin.lang = 'en';
    expect(await count()).toBe(before);
    // and on update, changing nothing
    const wid = await award({ recipients: JSON.stringify(['@grace']) });
    const r = await admin.send('PUT', `/api/award/?wid=${wid}`, { recipients: JSON.stringify(['@grace', 'pid:999999']) });
    expect(r.statusCode).toBe(400);
    expect(await recipientsOf(wid)).toEqual([`pid:${pids.grace}`]);
  });

  it('refuses a related publication that does not exist, and keeps one that does', async () => {
    const r = await admin.send('POST', '/api/award/', { title_zh: '论文奖', year: '2024', publication: '999999' });
    expect(fieldErrors(r)).toEqual({ publication: ['there is no record with id 999999'] });
    const pid = createdId(await admin.send('POST', '/api/publication/', { title: 'The Prized Paper', author: '["Ada Lovelace"]', source: 'V', year: '2024' }));
    const wid = await award({ publication: String(pid) });
    const page = await pageData(`/awards/${wid}`, 'en').resourceRecord('awards', String(wid));
    expect(page?.record.details?.find((d) => d.key === 'publication')).toEqual({
      key: 'publication',
      label: 'Related publication',
      text: 'The Prized Paper',
      href: `/publication/${pid}`,
    });
  });

  it('shows the names in the reader’s language on the record page, members linked to their pages, outsiders as written', async () => {
    const wid = await award({ recipients: JSON.stringify(['@alan', 'Emily Hart (Edinburgh)']) });
    for (const lang of ['zh', 'en'] as const) {
      const topics = new Set<Topic>();
      const page = await pageData(`/awards/${wid}`, lang, topics).resourceRecord('awards', String(wid));
      expect(page?.record.details?.find((d) => d.key === 'recipients')?.people).toEqual([
        { name: lang === 'zh' ? '图灵' : 'Alan Turing', member: true, href: '/people/alan' },
        { name: 'Emily Hart (Edinburgh)', member: false },
      ]);
      expect(page?.record.people).toBe(lang === 'zh' ? '图灵、Emily Hart (Edinburgh)' : 'Alan Turing, Emily Hart (Edinburgh)');
      // a member's rename changes the page: it reads the people's topic
      expect([...topics].sort()).toEqual(['award', 'people', 'publication']);
    }
  });

  it('lists on a member’s page the public records naming them, by resource, and not the unpublished ones', async () => {
    const shown = await award({ title_zh: '格蕾丝奖', title_en: 'Grace prize', recipients: JSON.stringify(['@grace']) });
    await award({ title_zh: '未发布', title_en: 'Unpublished prize', recipients: JSON.stringify(['@grace']), release: 'false' });
    // a name that contains the member's id as text is not a reference
    await award({ title_zh: '同名', title_en: 'Lookalike', recipients: JSON.stringify([`pid:${pids.grace}0`.replace(/^pid:/, 'Mr pid ')]) });
    const tid = createdId(await admin.send('POST', '/api/patent/', { title_zh: '一种方法', kind: 'invention', inventors: JSON.stringify(['@grace', '@ada']) }));
    const topics = new Set<Topic>();
    const found = await pageData('/people/grace', 'en', topics).person('grace');
    const groups = (found?.records ?? []).map((g) => [g.name, g.cards.map((c) => c.href)]);
    expect(groups).toEqual([
      ['award', [`/awards/${shown}`, ...(groups[0]?.[1]?.slice(1) ?? [])]],
      ['patent', [`/patents/${tid}`]],
    ]);
    const awardTitles = found?.records.find((g) => g.name === 'award')?.cards.map((c) => c.title);
    expect(awardTitles).toContain('Grace prize');
    expect(awardTitles).not.toContain('Unpublished prize');
    expect(awardTitles).not.toContain('Lookalike');
    expect(topics.has('award' as Topic) && topics.has('patent' as Topic)).toBe(true);
  });

  it('keeps a member removed since where a record named them, and leaves them off its public page', async () => {
    const gone = await createMember(admin, { username: 'leaving', name_en: 'Soon Gone', name_zh: '将离开' });
    const wid = await award({ recipients: JSON.stringify(['@leaving', '@ada']) });
    expect((await admin.delete(`/api/people/?pid=${gone.pid}`)).statusCode).toBe(200);
    // the list sent back whole still saves
    const r = await admin.send('PUT', `/api/award/?wid=${wid}`, { recipients: JSON.stringify(await recipientsOf(wid)), year: '2025' });
    expect(r.statusCode, r.body).toBe(200);
    expect(await recipientsOf(wid)).toEqual([`pid:${gone.pid}`, `pid:${pids.ada}`]);
    const page = await pageData(`/awards/${wid}`, 'en').resourceRecord('awards', String(wid));
    expect(page?.record.details?.find((d) => d.key === 'recipients')?.people?.map((p) => p.name)).toEqual(['Ada Lovelace']);
  });
});
