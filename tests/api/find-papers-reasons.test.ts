import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, makeApp, type TestApp } from '../helpers/app.ts';
import { type Client, loginAs } from '../helpers/client.ts';
import { fakeOpenAlex, type FakeOpenAlex, ORCID, syncEnv, work } from '../helpers/openalex.ts';
import { type Member, newMember } from '../fixtures/world.ts';

// A member adds their own ids at the scholarly indexes in their profile (only theirs, only the profile's
// fields), and "Find new papers" says why it lists nothing for a member without one (and, for an
// administrator, who could not be asked) instead of "0 members asked".

type Preview = { members: number; reason?: string; unasked?: { pid: number; username: string }[] };
type Run = { id: string; state: string; result?: Preview };

describe.each(dialects)('scholarly ids in one’s profile and Find new papers’ reasons on %s', (dialect) => {
  let oa: FakeOpenAlex;
  let t: TestApp;
  let admin: Client;
  let ada: Member;
  let bob: Member;

  const person = (pid: number) => t.app.lab.db.selectFrom('person').selectAll().where('pid', '=', pid).executeTakeFirstOrThrow();
  const preview = async (c: Client) => {
    const r = await c.json('POST', '/api/publication/sync/preview/', {});
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as Preview;
  };
  async function runOf(c: Client): Promise<Run> {
    const started = await c.json('POST', '/api/publication/sync/runs/', {});
    expect(started.statusCode, started.body).toBe(202);
    let run = started.json() as Run;
    for (let i = 0; run.state === 'running' && i < 100; i++) {
      await new Promise((r) => setTimeout(r, 100));
      run = (await c.get(`/api/publication/sync/runs/${run.id}/`)).json();
    }
    return run;
  }

  beforeAll(async () => {
    oa = await fakeOpenAlex();
    oa.works = [work('301')];
    t = await makeApp(dialect, syncEnv(oa.url, { SYNC_RETRIES: '0' }));
    admin = await loginAs(t.app, 'admin', 'admin-password');
    ada = await newMember(admin, { name_en: 'Ada Idless' });
    bob = await newMember(admin, { name_en: 'Bob Other' });
  });
  afterAll(async () => {
    await t?.close();
    await oa?.close();
  });

  it('with no one holding an id: the answer says so, in the reader’s language, and names who was not asked', async () => {
    const en = await preview(ada);
    expect(en.members).toBe(0);
    expect(en.reason).toBe(
      'your profile has no ORCID iD, OpenAlex author id or dblp person id, so your papers were not looked for; add any one of them under "Scholarly ids" in your profile',
    );
    expect(en.unasked?.map((p) => p.username)).toEqual(expect.arrayContaining([ada.username, bob.username]));
    ada.lang = 'zh';
    expect((await preview(ada)).reason).toBe(
      '你的个人资料里还没有 ORCID iD、OpenAlex 作者标识或 dblp 作者标识，所以没有查找你的论文；在个人资料的“学术标识”中填写任意一个即可',
    );
    ada.lang = 'en';
    // the administrator (no lab member themselves) is told no one has an id
    expect((await preview(admin)).reason).toBe(
      'no in-group member has an ORCID iD, OpenAlex author id or dblp person id, so there was no one to look for; members add them in their profile, administrators in People',
    );
  });

  it('lets a member set their own ORCID iD in their profile', async () => {
    const r = await ada.send('PUT', `/api/people/?uid=${ada.uid}`, { orcid: `https://orcid.org/${ORCID}` });
    expect(r.statusCode, r.body).toBe(200);
    expect(await person(ada.pid)).toMatchObject({ orcid: ORCID });
    expect((await ada.get(`/api/people/?uid=${ada.uid}`)).json()).toMatchObject({ orcid: ORCID });
  });

  it('refuses a member setting another’s ids, and changes nothing', async () => {
    const before = await person(bob.pid);
    const r = await ada.send('PUT', `/api/people/?uid=${bob.uid}`, { orcid: ORCID, dblp: '74/5442', openalex: 'A5023888391' });
    expect(r.statusCode).toBe(403);
    expect((await ada.send('PUT', '/api/people/?pid=' + bob.pid, { orcid: ORCID })).statusCode).toBe(403);
    expect(await person(bob.pid)).toEqual(before);
  });

  it('keeps fields outside the profile’s as they are when a member sends them with their ids', async () => {
    const before = await person(ada.pid);
    const r = await ada.send('PUT', `/api/people/?uid=${ada.uid}`, {
      dblp: '74/5442',
      authority: 'admin',
      status: 'false',
      uid: 'TAKEN',
      username: 'someone-else',
    });
    expect(r.statusCode, r.body).toBe(200);
    const after = await person(ada.pid);
    expect(after).toMatchObject({ dblp: '74/5442', authority: before.authority, status: before.status, uid: before.uid, username: before.username });
  });

  it('tells a member without ids why the lab-wide run found nothing of theirs, and not the one with', async () => {
    const ofBob = (await runOf(bob)).result as Preview;
    expect(ofBob.members).toBe(1);
    expect(ofBob.reason).toMatch(/^your profile has no ORCID iD/);
    expect(ofBob.unasked?.map((p) => p.username)).toContain(bob.username);
    expect(ofBob.unasked?.map((p) => p.username)).not.toContain(ada.username);
    // the same run read by Ada (who has ids) carries no reason
    const latest = (await ada.get('/api/publication/sync/runs/latest/')).json() as Run;
    expect(latest.result?.members).toBe(1);
    expect(latest.result).not.toHaveProperty('reason');
  });
});
