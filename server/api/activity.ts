import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type ActivityEntry, ActivityPageSchema } from '../../common/wire.ts';
import { type ActivityRow, eachActivity, entryNames, listActivity } from '../services/activity.ts';
import { answers, ctxOf, typed } from './helpers.ts';

// GET /api/activity/: the activity log, newest first. An administrator reads every
// entry, filtered by person, resource, action and time; a member only their own, whatever they ask.
// Append-only: no route changes or deletes an entry.

const PAGE_SIZE = 50;

const instant = z.string().regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+Z?)?$/);

const FilterSchema = z.object({
  person: z
    .string()
    .regex(/^\d{1,10}$/)
    .optional(),
  resource: z.string().max(40).optional(),
  action: z.string().max(40).optional(),
  from: instant.optional(),
  to: instant.optional(),
});

const ExportQuerySchema = FilterSchema.extend({ format: z.enum(['csv', 'xlsx']) }).loose();

/** How many entries one export holds at most: beyond that, narrow the filter. */
const EXPORT_CAP = 100_000;

const COLUMNS = ['time', 'person', 'person_id', 'address', 'action', 'resource', 'record', 'outcome', 'detail'] as const;

const cellsOf = (e: ActivityRow): string[] => [
  e.at,
  e.actor,
  e.actor_pid === null ? '' : String(e.actor_pid),
  e.address,
  e.action,
  e.resource,
  e.record,
  e.outcome,
  e.detail,
];

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return before them) as a
 * formula; usernames and records are typed by anyone, so such a cell gets an apostrophe in front.
 */
function inertCell(v: string): string {
  return /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
}

/** RFC 4180: quoted when it holds a quote, a comma or a line break, quotes doubled. */
function csvCell(v: string): string {
  const safe = inertCell(v);
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const csvLine = (cells: readonly string[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** The CSV, a batch of entries at a time; the BOM makes Excel read it as UTF-8 (Chinese names). */
async function* csvOf(rows: AsyncIterable<ActivityRow[]>): AsyncGenerator<string> {
  yield `\uFEFF${csvLine(COLUMNS)}`;
  for await (const batch of rows) yield batch.map((e) => csvLine(cellsOf(e))).join('');
}

async function xlsxOf(rows: AsyncIterable<ActivityRow[]>): Promise<Buffer> {
  // exceljs loads on the first export, not with the server (docs/performance.md)
  const { default: Excel } = await import('exceljs');
  const book = new Excel.Workbook();
  const sheet = book.addWorksheet('activity');
  sheet.columns = COLUMNS.map((key) => ({ header: key, key, width: key === 'time' ? 26 : key === 'detail' ? 40 : 16 }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  // every cell a string value: exceljs writes it as text, never as a formula
  for await (const batch of rows) for (const e of batch) sheet.addRow(cellsOf(e));
  return Buffer.from(await book.xlsx.writeBuffer());
}

export async function activityRoutes(app: FastifyInstance) {
  typed(app).get(
    '/api/activity/',
    {
      config: { access: 'member' },
      schema: {
        tags: ['activity'],
        summary: 'The activity log, newest first: every entry for an administrator, one’s own for a member',
        querystring: FilterSchema.extend({
          page: z
            .string()
            .regex(/^\d{1,6}$/)
            .optional(),
        }).loose(),
        response: answers(ActivityPageSchema),
      },
    },
    async (req) => {
      const { person, resource, action, from, to, page } = req.query;
      const actor = req.actor as NonNullable<typeof req.actor>;
      // a member reads their own entries only: the filter is theirs, whatever the query says
      const who = actor.authority === 'admin' ? (person ? Number(person) : undefined) : actor.pid;
      const n = Math.max(1, Number(page ?? 1));
      const { total, entries } = await listActivity(
        { db: app.lab.db },
        { actor: who, resource, action, from, to, limit: PAGE_SIZE, offset: (n - 1) * PAGE_SIZE },
      );
      const names = await entryNames(app.lab.db, entries, ctxOf(app, req).lang);
      return {
        total,
        page: n,
        pages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
        entries: entries.map((e, i) => ({ ...e, record_name: names[i] ?? e.record })) as ActivityEntry[],
      };
    },
  );

  typed(app).get(
    '/api/activity/export/',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['activity'],
        summary: `The activity log as a file (administrators): every matching entry, newest first, at most ${EXPORT_CAP}; CSV (UTF-8 with BOM) or XLSX`,
        querystring: ExportQuerySchema,
        response: answers(z.custom<Readable | Buffer>().describe('the file: text/csv (UTF-8 with BOM) or the XLSX workbook')),
      },
    },
    async (req, reply) => {
      const { format, person, resource, action, from, to } = req.query;
      const rows = eachActivity({ db: app.lab.db }, { actor: person ? Number(person) : undefined, resource, action, from, to, cap: EXPORT_CAP });
      const name = `activity-${new Date().toISOString().slice(0, 10)}.${format}`;
      reply.header('Content-Disposition', `attachment; filename="${name}"`).header('Cache-Control', 'no-store');
      if (format === 'csv') return reply.type('text/csv; charset=utf-8').send(Readable.from(csvOf(rows)));
      const book = await xlsxOf(rows);
      return reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').send(book);
    },
  );
}
