import QRCode from 'qrcode';
import { inputSchema, type ResourceDef } from '../../common/resource.ts';
import { page } from '../../common/resources/page.ts';
import { showcase } from '../../common/resources/showcase.ts';
import type { DB } from '../../server/db/database.ts';
import type { Ctx } from '../../server/services/context.ts';
import type { Crud } from '../../server/services/crud.ts';
import { pages, saveSiteSettings, showcaseItems } from '../../server/services/site.ts';
import type { Storage } from '../../server/storage/storage.ts';
import { coverImage } from './assets.ts';
import * as content from './site-content.ts';

// Seeds the demo's site content (cli/demo/site-content.ts) through the same services and validation
// the API uses: course and shared-task pages, the three home carousels and the site settings.

async function create(crud: Crud, res: ResourceDef, ctx: Ctx, input: Record<string, unknown>): Promise<number> {
  const parsed = inputSchema(res, 'create').safeParse(input);
  if (!parsed.success) throw new Error(`demo ${res.name} is invalid: ${JSON.stringify(parsed.error.issues.slice(0, 3))}`);
  return crud.create(ctx, parsed.data);
}

export async function seedSiteContent(db: DB, storage: Storage, ctx: Ctx): Promise<void> {
  const seedCtx: Ctx = { ...ctx, db, storage };
  // a 16:9 picture per item, each in its own colours
  let picture = 0;
  const cover = async (title: string) => storage.stage(await coverImage(title, picture++, 1200, 675), 'cover.png', 'image/png');

  for (const [section, list] of [
    ['course', content.courses],
    ['sharedtask', content.sharedTasks],
  ] as const) {
    for (const [i, p] of list.entries()) {
      await create(pages, page, seedCtx, { ...p, section, order: i, image_url: await cover(p.title_en) });
    }
  }

  for (const [kind, list] of [
    ['carousel', content.carousel],
    ['tool', content.tools],
    ['project', content.projects],
  ] as const) {
    for (const [i, item] of list.entries()) {
      await create(showcaseItems, showcase, seedCtx, { ...item, kind, order: i, image_url: await cover(item.title_en) });
    }
  }

  const qr = await QRCode.toBuffer(content.QR_TEXT, { width: 300 });
  await saveSiteSettings(seedCtx, { ...content.siteSettings, qr_image_url: await storage.stage(qr, 'qr.png', 'image/png') });
}
