import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createDatabase, migrations } from '../../server/db/database.ts';
import { appOn, bareInstance, dialects } from '../helpers/app.ts';

// The migration to the kinds citation styles tell apart (docs/decisions/074-publication-kinds.md) moves
// stored records to the kind their data tells, and keeps the rest as they were.

describe.each(dialects)('the migration of publication kinds on %s', (dialect) => {
  it('moves chapters, preprints and reports to their kinds, a patent its number, and keeps the rest', async () => {
    const inst = await bareInstance(dialect);
    try {
      await (await appOn(inst)).close();
      const db = createDatabase(inst.db);
      const migration = migrations['2026-12-06-1201-publication-kinds-cited'];
      await migration?.down?.(db);
      const insert = (title: string, type: string, num: number, venueKind: string, source: string, editors = '[]') =>
        sql`INSERT INTO publication (type, type_num, area, area_num, title, author, year, source, venue_kind, editors)
            VALUES (${type}, ${num}, 'none', 0, ${title}, '["Wei Lin"]', 2020, ${source}, ${venueKind}, ${editors})`.execute(db);
      // before it, a chapter is refused by the database itself
      await expect(insert('Refused', 'chapter', 8, 'other', 'V')).rejects.toThrow();
      await insert('Chapter', 'paper', 1, 'other', 'Handbook of Data Intelligence', '["Ana Sousa"]');
      await insert('Conference with editors', 'paper', 1, 'conference', 'Proceedings of SIGIR', '["Hsin-Hsi Chen"]');
      await insert('On arXiv', 'paper', 1, 'other', 'arXiv');
      await insert('On PsyArXiv', 'webpage', 7, 'other', 'osf.io');
      await insert('Report', 'paper', 1, 'other', 'Fudan University Technical Report');
      await insert('Patent', 'patent', 3, 'other', 'CN115905624A');
      await insert('Working paper', 'paper', 1, 'other', 'Fudan DISC Working Papers');
      await insert('Page', 'webpage', 7, 'other', 'disc-lab.github.io');
      await migration?.up(db);
      const rows = await sql<{ title: string; type: string; type_num: number; number: string }>`
        SELECT title, type, type_num, number FROM publication ORDER BY title`.execute(db);
      expect(rows.rows).toEqual([
        { title: 'Chapter', type: 'chapter', type_num: 8, number: '' },
        { title: 'Conference with editors', type: 'paper', type_num: 1, number: '' },
        { title: 'On PsyArXiv', type: 'preprint', type_num: 14, number: '' },
        { title: 'On arXiv', type: 'preprint', type_num: 14, number: '' },
        { title: 'Page', type: 'webpage', type_num: 7, number: '' },
        { title: 'Patent', type: 'patent', type_num: 3, number: 'CN115905624A' },
        { title: 'Report', type: 'report', type_num: 9, number: '' },
        { title: 'Working paper', type: 'paper', type_num: 1, number: '' },
      ]);
      await insert('Talk', 'talk', 15, 'other', 'CCF Forum');
      await expect(insert('Poem', 'poem', 16, 'other', 'V')).rejects.toThrow();
      await db.destroy();
    } finally {
      await inst.close();
    }
  });
});
