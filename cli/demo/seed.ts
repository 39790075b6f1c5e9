import type { Upload } from '../../common/fields.ts';
import { inputSchema, type ResourceDef } from '../../common/resource.ts';
import { article } from '../../common/resources/article.ts';
import { info } from '../../common/resources/info.ts';
import { news } from '../../common/resources/news.ts';
import { person } from '../../common/resources/person.ts';
import { publication } from '../../common/resources/publication.ts';
import { seminar } from '../../common/resources/seminar.ts';
import type { DB } from '../../server/db/database.ts';
import { type Actor, actorByUsername } from '../../server/services/auth.ts';
import { articles, infoPages, newsItems, seminars } from '../../server/services/content.ts';
import type { Ctx } from '../../server/services/context.ts';
import type { Crud } from '../../server/services/crud.ts';
import { uploadData } from '../../server/services/files.ts';
import { people } from '../../server/services/people.ts';
import { publications } from '../../server/services/publications.ts';
import { saveSchedule } from '../../server/services/schedules.ts';
import type { Storage } from '../../server/storage/storage.ts';
import { coverImage, csvDataset, pdfDocument, portraitImage } from './assets.ts';
import * as content from './content.ts';
import { seedSiteContent } from './site-seed.ts';
import { seedRecords } from './records.ts';
import { seedOpenings } from './openings.ts';
import { seedAdvisor } from './advisor-seed.ts';

// Fills an empty database with the demo lab through the same services (and validation) the API uses.

export async function hasContent(db: DB): Promise<boolean> {
  const pub = await db.selectFrom('publication').select('pid').limit(1).executeTakeFirst();
  const art = await db.selectFrom('article').select('aid').limit(1).executeTakeFirst();
  return !!pub || !!art;
}

function dateAgo(days: number): string {
  const d = new Date(Date.now() - days * 86_400_000);
  return d.toISOString().slice(0, 10);
}

/** Creates one record through its service, after the same validation the API applies. */
export async function create(crud: Crud, res: ResourceDef, ctx: Ctx, input: Record<string, unknown>): Promise<number> {
  const parsed = inputSchema(res, 'create').safeParse(input);
  if (!parsed.success) throw new Error(`demo ${res.name} is invalid: ${JSON.stringify(parsed.error.issues.slice(0, 3))}`);
  return crud.create(ctx, parsed.data);
}

export const DEMO_USER_PASSWORD = 'reading-room-2026';

/**
 * Seeds the demo lab. `adminPassword` is the password of the demo's administrator `labadmin`
 * (ignored when an administrator account exists already, e.g. from LAB_ADMIN_USERNAME). With
 * `advisor` (ADVISOR_USERNAME), that account and its area's demo data too.
 */
export async function seedDemo(db: DB, storage: Storage, adminPassword: string, opts: { advisor?: string } = {}): Promise<void> {
  const system: Actor = {
    pid: 0,
    uid: 'system',
    username: 'system',
    name_zh: '系统',
    name_en: 'System',
    authority: 'admin',
    portrait_url: null,
    must_change_password: false,
  };
  const ctx: Ctx = { db, storage, actor: system, lang: 'zh' };
  const existingAdmin = await db.selectFrom('person').select('pid').where('authority', '=', 'admin').executeTakeFirst();

  const pids = new Map<string, number>();
  for (const [i, p] of content.people.entries()) {
    const isDemoAdmin = p.authority === 'admin';
    if (isDemoAdmin && existingAdmin) continue;
    const password = isDemoAdmin ? adminPassword : p.username === 'demo.user' ? DEMO_USER_PASSWORD : undefined;
    const initials = p.name_en
      .split(/\s+/)
      .map((w) => w[0])
      .join('')
      .slice(0, 2)
      .toUpperCase();
    const pid = await create(people, person, ctx, {
      ...p,
      ...(password ? { password, password2: password } : {}),
      portrait_url: i % 4 === 3 ? undefined : await storage.stage(await portraitImage(initials, i), 'portrait.png', 'image/png'),
    });
    pids.set(p.username, pid);
  }
  const adminRow = await db.selectFrom('person').select(['pid', 'name_zh', 'name_en']).where('authority', '=', 'admin').executeTakeFirstOrThrow();
  const adminCtx: Ctx = { ...ctx, actor: { ...system, pid: adminRow.pid, name_zh: adminRow.name_zh, name_en: adminRow.name_en } };
  const authorOf = (i: number) => {
    const list = [...pids.values()];
    return list[i % list.length] ?? adminRow.pid;
  };

  for (const [i, p] of content.publications.entries()) {
    const files: Record<string, Upload> = {};
    const slug = p.title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .slice(0, 40)
      .replace(/-$/, '');
    if (p.files.includes('pdf')) files.file1 = await storage.stage(pdfDocument(p.title), `${slug}.pdf`, 'application/pdf');
    if (p.files.includes('slides')) files.file2 = await storage.stage(pdfDocument(`Slides: ${p.title}`), `${slug}-slides.pdf`, 'application/pdf');
    if (p.files.includes('dataset')) files.file3 = await storage.stage(csvDataset(slug), `${slug}-data.csv`, 'text/csv');
    const { files: _, ...fields } = p;
    const venue_kind = p.type !== 'paper' ? 'other' : /journal|transactions|^TKDE$/i.test(p.source) ? 'journal' : 'conference';
    const pid = await create(publications, publication, adminCtx, { ...fields, venue_kind, ...files, order: i });
    await db
      .updateTable('publication')
      .set({ created_by: authorOf(i) })
      .where('pid', '=', pid)
      .execute();
  }

  // Articles oldest first, so that aid follows time; each gets a cover and its dates.
  const byAge = [...content.articles].sort((a, b) => b.daysAgo - a.daysAgo);
  for (const [i, a] of byAge.entries()) {
    const creator = authorOf(i * 3);
    const aid = await create(articles, article, adminCtx, {
      ...a,
      image_url: await storage.stage(await coverImage(a.title, i), 'cover.png', 'image/png'),
      editors: JSON.stringify(a.authors.slice(0, 1)),
    });
    const when = new Date(Date.now() - a.daysAgo * 86_400_000).toISOString();
    await db
      .updateTable('article')
      .set({ time1: when, time2: when, time3: a.release ? when : null, created_by: creator })
      .where('aid', '=', aid)
      .execute();
  }

  for (const n of [...content.news].sort((a, b) => b.daysAgo - a.daysAgo)) {
    const { daysAgo, ...fields } = n;
    await create(newsItems, news, ctx, { ...fields, date: dateAgo(daysAgo) });
  }

  for (const [i, s] of content.seminars.entries()) {
    const { daysFromToday, ...fields } = s;
    const initials = s.speaker_en
      .split(/\s+/)
      .map((w) => w[0])
      .join('')
      .slice(0, 2)
      .toUpperCase();
    await create(seminars, seminar, ctx, {
      ...fields,
      date: dateAgo(-daysFromToday),
      image_url: await storage.stage(await portraitImage(initials, i + 2, 400), 'speaker.png', 'image/png'),
    });
  }

  for (const [i, page] of content.infoPages.entries()) {
    await create(infoPages, info, ctx, { ...page, order: i });
  }

  for (const s of content.schedules) {
    const pid = pids.get(s.username);
    if (!pid) continue;
    const row = await db.selectFrom('person').select(['uid', 'name_zh']).where('pid', '=', pid).executeTakeFirstOrThrow();
    await saveSchedule({ ...ctx, actor: { ...system, pid } }, { uid: row.uid, name: row.name_zh, term: s.term, occupy: s.occupy });
  }

  // A few shared files uploaded by members.
  const uploaderPid = pids.get('demo.user') ?? authorOf(5);
  if (uploaderPid) {
    const u = await db.selectFrom('person').select('username').where('pid', '=', uploaderPid).executeTakeFirstOrThrow();
    const actor = await actorByUsername(db, u.username);
    await uploadData({ ...ctx, actor }, 'public', [
      await storage.stage(pdfDocument('Lab handbook'), '实验室手册.pdf', 'application/pdf'),
      await storage.stage(csvDataset('annotation-guide', 50), 'annotation-sample.csv', 'text/csv'),
    ]);
    await uploadData({ ...ctx, actor }, u.username, [await storage.stage(pdfDocument('My notes'), 'notes.pdf', 'application/pdf')]);
  }

  await seedSiteContent(db, storage, ctx);
  await seedRecords(db, adminCtx);
  await seedOpenings(ctx);
  if (opts.advisor) await seedAdvisor(db, ctx, opts.advisor, (p) => create(people, person, ctx, p));
}
