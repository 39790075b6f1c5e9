import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicResource } from '../../common/resource.ts';
import { opening } from '../../common/resources/index.ts';
import { createPageData } from '../../server/pages/page-data.ts';
import { nextPublications } from '../../server/services/content.ts';
import { dialects, makeApp, type TestApp } from '../helpers/app.ts';
import { Client, loginAs } from '../helpers/client.ts';
import { createdId } from '../fixtures/world.ts';

// Openings on both databases, from their declaration: an opening is public while it is
// released and before its deadline (none: no end); the publish timer is told its next deadline under its
// name; the home page's line is there while any is open; its page's JSON-LD is a JobPosting with validThrough.

const pageRequest = (url: string, lang: 'zh' | 'en') =>
  ({ url, method: 'GET', headers: { 'accept-language': lang }, pageOrigin: 'https://lab.example' }) as unknown as FastifyRequest;
const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();

describe.each(dialects)('openings on %s', (dialect) => {
  let t: TestApp;
  let admin: Client;
  let anonymous: Client;
  const home = () => createPageData(t.app.lab, pageRequest('/', 'zh')).declaredHome();

  beforeAll(async () => {
    t = await makeApp(dialect, { LAB_API_ONLY: '0' });
    admin = await loginAs(t.app, 'admin', 'admin-password');
    anonymous = new Client(t.app);
  });
  afterAll(() => t.close());

  it('is public while released and before its deadline, and the home page says the lab recruits while one is', async () => {
    expect(await home()).toEqual([]);
    const draft = createdId(await admin.send('POST', opening.path, { kind: 'Master', title_zh: '硕士草稿', release: 'false' }));
    // saved without the switch: published, as a project, an award or a patent is
    const plain = createdId(await admin.send('POST', opening.path, { kind: 'Master', title_zh: '硕士' }));
    expect(((await admin.get(`${opening.path}?oid=${plain}`)).json() as { release: unknown }).release).toBe(true);
    expect((await admin.delete(`${opening.path}?oid=${plain}`)).statusCode).toBe(200);
    const past = createdId(await admin.send('POST', opening.path, { kind: 'Intern', title_zh: '已截止', release: 'true', deadline: inMs(-60_000) }));
    expect(await home()).toEqual([]);
    const open = createdId(
      await admin.send('POST', opening.path, { kind: 'PhD', title_zh: '博士', title_en: 'PhD', release: 'true', deadline: '2099-03-31T23:59:00+08:00' }),
    );
    const forever = createdId(await admin.send('POST', opening.path, { kind: 'Postdoc', title_zh: '博士后', release: 'true' }));
    const read = await anonymous.get('/api/read_opening/');
    expect(read.statusCode, read.body).toBe(200);
    expect((read.json() as { oid: number }[]).map((o) => o.oid).sort()).toEqual([open, forever].sort());
    for (const id of [draft, past]) expect((await anonymous.get(`/api/read_opening/?oid=${id}`)).statusCode, String(id)).toBe(404);
    expect(await home()).toEqual([{ key: 'opening', label: '招生招聘中', href: '/join' }]);
    const en = await createPageData(t.app.lab, pageRequest('/', 'en')).declaredHome();
    expect(en[0]?.label).toBe('We are recruiting');
    // its JSON-LD
    const found = await createPageData(t.app.lab, pageRequest(`/join/${open}`, 'en')).resourceRecord('join', String(open));
    expect(found?.jsonLd).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'JobPosting',
      title: 'PhD',
      validThrough: '2099-03-31T15:59:00.000Z',
      employmentType: 'FULL_TIME',
      url: `https://lab.example/join/${open}`,
      hiringOrganization: { '@type': 'ResearchOrganization' },
    });
    expect(found?.jsonLd).toHaveProperty('datePosted');
    // unpublished, the others
    for (const id of [open, forever]) expect((await admin.send('PUT', `${opening.path}?oid=${id}`, { release: 'false' })).statusCode).toBe(200);
    expect(await home()).toEqual([]);
  });

  it('tells the publish timer the next deadline of a released opening, under its name', async () => {
    expect(isPublicResource(opening)).toBe(true);
    const at = '2098-06-30T15:59:00.000Z';
    createdId(await admin.send('POST', opening.path, { kind: 'Intern', title_zh: '实习', release: 'true', deadline: at }));
    // a draft's deadline is not awaited
    createdId(await admin.send('POST', opening.path, { kind: 'Intern', title_zh: '实习草稿', release: 'false', deadline: '2097-01-01T00:00:00Z' }));
    const plan = await nextPublications(
      t.app.lab.db,
      new Date().toISOString(),
      t.app.lab.publicResources.map((c) => c.res),
    );
    expect(plan.filter((p) => p.topic === 'opening')).toEqual([{ topic: 'opening', at }]);
    // the running timer knows it too (read again when an opening changed)
    await t.app.lab.publishTimer.settled();
    expect(t.app.lab.publishTimer.next).toBe(at);
  });
});
