import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actorByUsername } from '../../server/services/auth.ts';
import type { Ctx } from '../../server/services/context.ts';
import { publicationPdfUrl, publications } from '../../server/services/publications.ts';
import { dialects, makeApp, type TestApp } from '../helpers/app.ts';

// A publication page names its paper's file as citation_pdf_url (Scholar's tag for a
// PDF) only when the stored bytes are a PDF's; a text file in the paper slot, or one merely named .pdf, is
// not named.
describe.each(dialects)('the PDF a publication page names, on %s', (dialect) => {
  let t: TestApp;
  let ctx: Ctx;
  beforeAll(async () => {
    t = await makeApp(dialect);
    ctx = { db: t.app.lab.db, storage: t.app.lab.storage, actor: await actorByUsername(t.app.lab.db, 'admin'), lang: 'en' };
  });
  afterAll(() => t.close());

  const withFile = async (bytes: string, name: string, type: string) => {
    const file1 = await ctx.storage.stage(Buffer.from(bytes), name, type);
    const pid = await publications.create(ctx, { title: `Paper ${name}`, author: '["A"]', source: 'ACL', file1 });
    const p = (await publications.get(ctx, pid)) as { pid: number; file1: string };
    return publicationPdfUrl(ctx, p);
  };

  it('names a stored PDF, by its bytes', async () => {
    expect(await withFile('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF\n', 'paper.pdf', 'application/pdf')).toMatch(
      /^\/resource\/public\/publication\/\d+\/paper\.pdf$/,
    );
  });
  it('does not name a text file in the paper slot, nor text named .pdf', async () => {
    expect(await withFile('notes on the paper\n', 'notes.txt', 'text/plain')).toBe('');
    expect(await withFile('not a pdf at all\n', 'fake.pdf', 'application/pdf')).toBe('');
  });
  it('names nothing when no file is stored', async () => {
    const pid = await publications.create(ctx, { title: 'No file', author: '["A"]', source: 'ACL' });
    expect(await publicationPdfUrl(ctx, (await publications.get(ctx, pid)) as { pid: number; file1: string })).toBe('');
  });
});
