import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personLd } from '../../app/lib/structured-data.ts';
import { dialects } from '../helpers/app.ts';
import { makeWorld, newMember, type World } from '../fixtures/world.ts';

// A former member as an alumnus: the year they graduated and where they are now (both languages) kept on
// their record; their office no longer on the public reads; their Person an alumnus of the lab, not of it.

const lab = { lab_name_zh: '实验室', lab_name_en: 'The Lab', email: 'lab@example.org', location_zh: '', location_en: '' };

describe('a former member’s Person (JSON-LD)', () => {
  const ld = (status: boolean) =>
    (
      personLd(
        { username: 'ada', name_zh: '艾达', name_en: 'Ada', link3: '', status, graduated: 2024, now_at_zh: '某大学', now_at_en: 'Some University' } as never,
        'https://lab.example',
        lab,
        'en',
      ) as { 'script:ld+json': Record<string, unknown> }
    )['script:ld+json'];

  it('names the lab as what they are an alumnus of, and where they are now as their employer', () => {
    const former = ld(false);
    expect(former).not.toHaveProperty('affiliation');
    expect(former.alumniOf).toMatchObject({ '@type': 'ResearchOrganization', name: 'The Lab' });
    expect(former.worksFor).toEqual({ '@type': 'Organization', name: 'Some University' });
  });

  it('keeps a current member’s affiliation', () => {
    const current = ld(true);
    expect(current.affiliation).toMatchObject({ name: 'The Lab' });
    expect(current).not.toHaveProperty('alumniOf');
    expect(current).not.toHaveProperty('worksFor');
  });
});

describe.each(dialects)('former members as alumni on %s', (dialect) => {
  let w: World;
  beforeAll(async () => {
    w = await makeWorld(dialect);
  });
  afterAll(() => w.t.close());

  it('keeps the graduation year and now-at, and leaves a former member’s office off the public reads', async () => {
    const m = await newMember(w.admin, { location_zh: '理科一号楼 1001', location_en: 'Science Building 1, room 1001' });
    const r = await w.admin.send('PUT', `/api/people/?pid=${m.pid}`, { status: 'false', graduated: 2024, now_at_zh: '某大学', now_at_en: 'Some University' });
    expect(r.statusCode, r.body).toBe(200);
    expect((await w.admin.get(`/api/people/?pid=${m.pid}`)).json()).toMatchObject({ status: false, graduated: 2024, now_at_en: 'Some University' });
    const page = (await w.admin.get(`/api/read_people/?username=${m.username}`)).json();
    expect(page).toMatchObject({ status: false, graduated: 2024, now_at_zh: '某大学', now_at_en: 'Some University', location_zh: '', location_en: '' });
    const list = (await w.admin.get('/api/read_people/')).json() as { username: string; location_en: string; graduated: number }[];
    expect(list.find((p) => p.username === m.username)).toMatchObject({ location_en: '', graduated: 2024 });
    // back in the group, the office shows again
    expect((await w.admin.send('PUT', `/api/people/?pid=${m.pid}`, { status: 'true' })).statusCode).toBe(200);
    expect((await w.admin.get(`/api/read_people/?username=${m.username}`)).json()).toMatchObject({ location_en: 'Science Building 1, room 1001' });
  });

  it('refuses a graduation year out of range, in both languages, and changes nothing', async () => {
    const m = await newMember(w.admin);
    const r = await w.admin.send('PUT', `/api/people/?pid=${m.pid}`, { graduated: 1800 });
    expect(r.statusCode).toBe(400);
    expect(r.body).toContain('graduated');
    expect((await w.admin.get(`/api/people/?pid=${m.pid}`)).json().graduated).toBeNull();
  });
});
