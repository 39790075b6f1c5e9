import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, makeApp, type TestApp } from '../helpers/app.ts';
import { type Client, loginAs } from '../helpers/client.ts';

// Fields named in the reader's language: a BibTeX entry's problems name each field by its
// declared label, in Chinese for a Chinese reader ("年份：必填"), never by its column name ("year").
describe.each(dialects)('field labels in import problems on %s', (dialect) => {
  let t: TestApp;
  let admin: Client;
  beforeAll(async () => {
    t = await makeApp(dialect);
    admin = await loginAs(t.app, 'admin', 'admin-password');
  });
  afterAll(() => t.close());

  const problems = async (lang: 'zh' | 'en') => {
    admin.lang = lang;
    const r = await admin.json('POST', '/api/publication/import/preview/', {
      text: '@article{noyear, title={A Paper Without a Year}, author={Ada Lovelace}, journal={J}}',
    });
    expect(r.statusCode, r.body).toBe(200);
    return (r.json() as { problems: string[] }[])[0]?.problems ?? [];
  };

  it('names a missing year by its label in each language', async () => {
    expect(await problems('zh')).toEqual([expect.stringMatching(/^年份：/)]);
    expect(await problems('en')).toEqual([expect.stringMatching(/^Year: /)]);
  });
});
