import type { Kysely } from 'kysely';

// Former members as alumni: the year they graduated (or left) and where they are now, in both languages,
// for their page and the people page's former members (common/resources/person.ts).

type Db = Kysely<unknown>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('person').addColumn('graduated', 'integer').execute();
  for (const column of ['now_at_zh', 'now_at_en'])
    await db.schema
      .alterTable('person')
      .addColumn(column, 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .execute();
}

export async function down(db: Db): Promise<void> {
  for (const column of ['now_at_en', 'now_at_zh', 'graduated']) await db.schema.alterTable('person').dropColumn(column).execute();
}
