import type { Kysely } from 'kysely';

// A member's image's size in pixels (the "My images" an editor inserts into a body): public pages give a body's
// image its width and height, so the page does not move as it loads. Null for images stored before: their size
// is read from the file the first time a page shows them, and kept (server/pages/body-images.ts).

type Db = Kysely<unknown>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('image').addColumn('width', 'integer').execute();
  await db.schema.alterTable('image').addColumn('height', 'integer').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('image').dropColumn('height').execute();
  await db.schema.alterTable('image').dropColumn('width').execute();
}
