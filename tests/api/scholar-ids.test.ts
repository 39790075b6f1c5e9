import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isOrcid, orcidCheckChar } from '../../common/scholar-ids.ts';
import { personLd } from '../../app/lib/structured-data.ts';
import { dialects } from '../helpers/app.ts';
import { fieldErrors, makeWorld, newMember, type World } from '../fixtures/world.ts';

// A member's ORCID iD (its checksum checked), dblp person id and OpenAlex author id,
// stored bare from their profiles' addresses, on the public read of their page and in their Person's sameAs.

describe('ORCID checksum (ISO 7064 MOD 11-2)', () => {
  it("accepts ORCID's own examples and refuses a changed digit", () => {
    // the examples of ORCID's documentation ("Structure of the ORCID identifier")
    expect(orcidCheckChar('000000021825009')).toBe('7');
    expect(isOrcid('0000-0002-1825-0097')).toBe(true);
    expect(isOrcid('0000-0002-1694-233X')).toBe(true);
    expect(isOrcid('0000-0002-1825-0098')).toBe(false);
    expect(isOrcid('0000-0002-1825-009')).toBe(false);
  });

  it("names the profiles in the Person's sameAs", () => {
    const ld = personLd(
      { username: 'ada', name_zh: '艾达', name_en: 'Ada', link3: '', orcid: '0000-0002-1825-0097', dblp: '74/5442', openalex: 'A5023888391' } as never,
      'https://lab.example',
      { lab_name_zh: '', lab_name_en: '', email: '', location_zh: '', location_en: '' },
      'en',
    ) as { 'script:ld+json': { sameAs: string[] } };
    expect(ld['script:ld+json'].sameAs).toEqual([
      'https://orcid.org/0000-0002-1825-0097',
      'https://dblp.org/pid/74/5442.html',
      'https://openalex.org/A5023888391',
    ]);
  });
});

describe.each(dialects)('a member’s scholarly ids on %s', (dialect) => {
  let w: World;
  beforeAll(async () => {
    w = await makeWorld(dialect);
  });
  afterAll(() => w.t.close());

  it('stores the ids bare from their addresses, and shows them on the public read of the page', async () => {
    const m = await newMember(w.admin);
    const r = await m.send('PUT', `/api/people/?uid=${m.uid}`, {
      orcid: 'https://orcid.org/0000-0002-1694-233x',
      dblp: 'https://dblp.org/pid/74/5442.html',
      openalex: 'https://openalex.org/A5023888391',
    });
    expect(r.statusCode, r.body).toBe(200);
    const page = (await w.admin.get(`/api/read_people/?username=${m.username}`)).json();
    expect(page).toMatchObject({ orcid: '0000-0002-1694-233X', dblp: '74/5442', openalex: 'A5023888391' });
  });

  it('refuses an ORCID iD whose checksum is wrong, in both languages, and keeps the stored one', async () => {
    const m = await newMember(w.admin);
    expect((await m.send('PUT', `/api/people/?uid=${m.uid}`, { orcid: '0000-0002-1825-0097' })).statusCode).toBe(200);
    expect(fieldErrors(await m.send('PUT', `/api/people/?uid=${m.uid}`, { orcid: '0000-0002-1825-0098' }))).toEqual({
      orcid: ['an ORCID iD looks like 0000-0002-1825-0097, its last character a correct checksum (ISO 7064 11,2)'],
    });
    m.lang = 'zh';
    expect(fieldErrors(await m.send('PUT', `/api/people/?uid=${m.uid}`, { orcid: '0000-0002-1825-0098', openalex: 'W123' }))).toEqual({
      orcid: ['ORCID iD 应形如 0000-0002-1825-0097，且最后一位校验码须正确（ISO 7064 11,2）'],
      openalex: ['OpenAlex 作者标识应形如 A5023888391'],
    });
    expect((await w.admin.get(`/api/read_people/?username=${m.username}`)).json().orcid).toBe('0000-0002-1825-0097');
  });
});
