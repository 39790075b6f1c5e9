import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  addDays,
  chinaDate,
  NamePreviewSchema,
  NameSavedSchema,
  type NameVersionRow,
  NameVersionSchema,
  NameVersionsSchema,
  PinganBaseSchema,
  PinganTodaySchema,
  PinganYesterdaySchema,
  pastedNames,
} from '../../common/advisor.ts';
import { isRealDate, isUpload } from '../../common/fields.ts';
import { textOnlyMultipart, uploadConfig, uploadLimits } from '../http/multipart.ts';
import { parseReportFile, readNamesFile } from '../pingan/import-file.ts';
import type { PinganSource } from '../pingan/source.ts';
import { storedSource } from '../pingan/stored.ts';
import { createUpstreamSource } from '../pingan/upstream.ts';
import {
  NAME_MAX,
  NAMES_MAX,
  NameListSchema,
  nameListsOf,
  nameVersion,
  nameVersions,
  previewNameList,
  PinganParamsSchema,
  pinganBase,
  pinganToday,
  pinganYesterday,
  RemindSchema,
  recordReminders,
  saveNameList,
  savePinganParams,
  storeImportedReports,
} from '../services/advisor.ts';

import { answers, ctxOf, multipartOnly, parseInput, SuccessSchema, success, typed } from './helpers.ts';
import { logActivity } from '../services/activity.ts';
import { FieldError, NotFound } from '../errors.ts';

// SPEC §7 Advisor area: /api{advisor}/pingan/ and /api{advisor}/info/, plus the import of the
// reporting system's export (docs/advisor.md). They exist only when ADVISOR_USERNAME is set, and only
// that account gets through: every route declares `access: 'advisor'`, checked on the matched route
// before any body is read (server/http/auth.ts).

const tags = ['advisor'];
const access = { access: 'advisor' } as const;
const importConfig = { ...uploadConfig(uploadLimits.sheet, 1), ...access };

const dateParam = (field: string) =>
  z
    .string()
    .optional()
    .refine((s) => s === undefined || isRealDate(s), { error: 'invalid_date', path: [field] });

const PinganQuery = z.object({
  date: dateParam('date'),
  date_yes: dateParam('date_yes'),
  mount: z.enum(['1', '2', '3'], { error: 'invalid_mount' }).default('1'),
});

// The handler judges these bodies (which of two bodies the PUT takes depends on its query, and a file part
// is read only once its other parts are right), so their schemas type the parts as unknown and only
// document them. A body that is not multipart is a 415 before any of that (multipartOnly).
const part = (doc: Record<string, unknown>) => z.unknown().optional().meta(doc);
const text = (description: string) => part({ type: 'string', description });
const file = (description: string) => part({ type: 'string', format: 'binary', description });

const PinganPutBody = z
  .object({
    cookie: text('remind=0: the reporting system’s cookie'),
    selfdez: text('remind=0: self-reported second doses'),
    selfdyz: text('remind=0: self-reported first doses'),
    xwzs: text('remind=0: living off campus'),
    lixiao_temp: text('remind=0: {"date": "YYYY-MM-DD", "count": n} left campus'),
    fanxiao_temp: text('remind=0: {"date": "YYYY-MM-DD", "count": n} returned'),
    remind: text('remind=1: [{"xgh": …, "realname": …}] reminded on date'),
  })
  .loose();
const ImportBody = z.object({ file: file('the export, CSV or XLSX') }).loose();
const NameListBody = z
  .object({
    list: text('class, branch, probationary or disadvantaged'),
    names: text('one name a line'),
    file: file('CSV or XLSX, the column headed 姓名/Name (else the one column that looks like names)'),
    base: text('optional: the version of the list a preview was based on; refused when the list has changed since'),
    origin: text('optional: paste or import (how the activity log names the change)'),
  })
  .loose();
const VersionParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,10}$/, { error: 'invalid_number' })
    .transform(Number),
});

/** A text part that may be left out; anything but text is refused on its field. */
function optionalText(body: Record<string, unknown>, field: string): string | undefined {
  const value = body[field];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw FieldError.one(field, 'invalid_string');
  return value;
}

/** The file part `field` of a multipart body. */
function uploadOf(body: Record<string, unknown>, field: string) {
  const value = body[field];
  if (!isUpload(value)) throw FieldError.one(field, 'file_expected');
  return value;
}

export async function advisorRoutes(app: FastifyInstance) {
  const { advisorUsername: advisor, pinganUpstreamUrl, pinganTimeoutMs } = app.lab.config;
  if (!advisor) return;
  const prefix = `/api${advisor}`;
  const { storage } = app.lab;

  // the upstream first when configured; imported reports stand in for it (services/advisor.ts)
  const sources: PinganSource[] = [
    ...(pinganUpstreamUrl ? [createUpstreamSource({ url: pinganUpstreamUrl, timeoutMs: pinganTimeoutMs })] : []),
    storedSource(app.lab.db),
  ];
  const upstream = Boolean(pinganUpstreamUrl);
  const api = typed(app);

  api.get(
    `${prefix}/pingan/`,
    {
      config: access,
      schema: {
        tags,
        summary:
          'mount=1: stored parameters, cookie status, leave/return counts, reminder counts; mount=2: plus today’s non-reporters (date); mount=3: plus yesterday’s non-reporters and abnormal statuses (date_yes)',
        querystring: PinganQuery,
        response: answers(z.union([PinganBaseSchema, PinganTodaySchema, PinganYesterdaySchema])),
      },
    },
    async (req) => {
      const q = req.query;
      const date = q.date ?? chinaDate();
      const dateYes = q.date_yes ?? addDays(date, -1);
      const ctx = ctxOf(app, req);
      if (q.mount === '2') return pinganToday(ctx, sources, date, upstream);
      if (q.mount === '3') return pinganYesterday(ctx, sources, dateYes, upstream);
      return pinganBase(ctx, date, upstream);
    },
  );

  api.put(
    `${prefix}/pingan/`,
    {
      config: { ...access, ...textOnlyMultipart },
      onRequest: multipartOnly,
      schema: {
        tags,
        summary:
          'remind=0: save {cookie, selfdez, selfdyz, xwzs, lixiao_temp, fanxiao_temp}; remind=1&date=: record {remind: [{xgh, realname}]} as reminded on date',
        consumes: ['multipart/form-data'],
        querystring: z.object({ remind: z.string().optional(), date: z.string().optional() }).loose(),
        body: PinganPutBody,
        response: answers(SuccessSchema),
      },
    },
    async (req, reply) => {
      const q = req.query;
      const ctx = ctxOf(app, req);
      if (q.remind === '0') {
        await savePinganParams(ctx, parseInput(PinganParamsSchema, req.body));
        await logActivity(ctx, { action: 'update', resource: 'advisor', record: 'settings' });
        return success(reply);
      }
      if (q.remind === '1') {
        const date = q.date ?? chinaDate();
        if (!isRealDate(date)) throw FieldError.one('date', 'invalid_date');
        const remind = parseInput(RemindSchema, req.body).remind;
        await recordReminders(ctx, date, remind);
        await logActivity(ctx, { action: 'update', resource: 'advisor', record: `reminders ${date}`, detail: [String(remind.length)] });
        return success(reply);
      }
      throw FieldError.one('remind', 'invalid_remind_flag');
    },
  );

  api.post(
    `${prefix}/pingan/import/`,
    {
      schema: {
        tags,
        summary: 'Import the reporting system’s export {file} (CSV or XLSX, docs/advisor.md); the dates it covers are replaced',
        consumes: ['multipart/form-data'],
        body: ImportBody,
        response: answers(z.strictObject({ rows: z.number().int(), dates: z.array(z.string()) })),
      },
      config: importConfig,
      onRequest: multipartOnly,
    },
    async (req) => {
      const file = uploadOf(req.body, 'file');
      const rows = await parseReportFile(await storage.readUpload(file, uploadLimits.sheet));
      const ctx = ctxOf(app, req);
      const stored = await storeImportedReports(ctx, rows);
      await logActivity(ctx, { action: 'upload', resource: 'advisor', record: 'reports', detail: stored.dates });
      return stored;
    },
  );

  api.get(
    `${prefix}/info/`,
    {
      config: access,
      schema: {
        tags,
        summary: 'The name lists of the checker: {info: {list: [names]}, col_name_dict: {list: {zh, en}}}',
        response: answers(
          z.strictObject({
            info: z.record(z.string(), z.array(z.string())),
            col_name_dict: z.record(z.string(), z.strictObject({ zh: z.string(), en: z.string() })),
          }),
        ),
      },
    },
    async (req) => nameListsOf(ctxOf(app, req)),
  );

  /** The names of a {list, names | file} body, read and checked; `source` says where they came from. */
  async function namesOfBody(body: Record<string, unknown>) {
    const { list } = parseInput(NameListSchema, body);
    const file = isUpload(body.file) ? body.file : undefined;
    const pasted = typeof body.names === 'string' ? body.names : undefined;
    if ((pasted !== undefined) === Boolean(file)) throw FieldError.one('names', 'names_or_file');
    const read = file
      ? await readNamesFile(await storage.readUpload(file, uploadLimits.sheet))
      : { names: pastedNames(pasted ?? ''), source: { kind: 'paste' as const } };
    const field = file ? 'file' : 'names';
    if (read.names.length > NAMES_MAX) throw FieldError.one(field, 'too_many_names', { max: NAMES_MAX });
    const long = read.names.find((n) => n.length > NAME_MAX);
    if (long) throw FieldError.one(field, 'name_too_long', { name: `${long.slice(0, 20)}…`, max: NAME_MAX });
    return { list, ...read };
  }

  api.put(
    `${prefix}/info/`,
    {
      schema: {
        tags,
        summary:
          'Replace one name list: {list, names} (one per line) or {list, file} (CSV or XLSX, the column headed 姓名/Name); optional base (refused when the list is no longer that version) and origin (paste or import, for the log)',
        consumes: ['multipart/form-data'],
        body: NameListBody,
        response: answers(SuccessSchema),
      },
      config: importConfig,
      onRequest: multipartOnly,
    },
    async (req, reply) => {
      const body = req.body;
      const { list, names, source } = await namesOfBody(body);
      const base = optionalText(body, 'base');
      const origin = optionalText(body, 'origin') ?? (source.kind === 'paste' ? 'paste' : 'import');
      if (origin !== 'paste' && origin !== 'import') throw FieldError.one('origin', 'invalid_origin');
      // the list it replaces is kept as a version; the log says how many came and went, never the names
      await saveNameList(ctxOf(app, req), list, names, { reason: origin === 'import' ? 'import' : 'save', base });
      return success(reply);
    },
  );

  api.post(
    `${prefix}/info/preview/`,
    {
      schema: {
        tags,
        summary:
          'Preview replacing one name list, {list, names} or {list, file}: the names read, where from, and who would be added and removed; nothing is saved (confirm with PUT info/ and base)',
        consumes: ['multipart/form-data'],
        body: NameListBody,
        response: answers(NamePreviewSchema),
      },
      config: importConfig,
      onRequest: multipartOnly,
    },
    async (req) => {
      const { list, names, source } = await namesOfBody(req.body);
      return { list, names, source, ...(await previewNameList(ctxOf(app, req), list, names)) };
    },
  );

  api.get(
    `${prefix}/info/versions/`,
    {
      config: access,
      schema: {
        tags,
        summary: 'The earlier versions of one name list, newest first: {id, at (when it was replaced), reason, count}',
        querystring: NameListSchema,
        response: answers(NameVersionsSchema),
      },
    },
    async (req) => ({ list: req.query.list, versions: (await nameVersions(ctxOf(app, req), req.query.list)) as NameVersionRow[] }),
  );

  api.get(
    `${prefix}/info/versions/:id/`,
    {
      config: access,
      schema: {
        tags,
        summary: 'One earlier version of a name list with its names, and what restoring it would change (base: the version it is based on)',
        params: VersionParams,
        response: answers(NameVersionSchema),
      },
    },
    async (req) => {
      const ctx = ctxOf(app, req);
      const v = await nameVersion(ctx, req.params.id);
      return { ...v, reason: v.reason as NameVersionRow['reason'], ...(await previewNameList(ctx, v.list, v.names)), count: v.count };
    },
  );

  api.post(
    `${prefix}/info/versions/:id/restore/`,
    {
      config: { ...access, ...textOnlyMultipart },
      onRequest: multipartOnly,
      schema: {
        tags,
        summary:
          'Restore an earlier version of a name list, {base} from its preview (refused when the list has changed since); the list it replaces is kept as a version',
        consumes: ['multipart/form-data'],
        params: VersionParams,
        body: z.object({ base: text('the version of the list the preview was based on') }).loose(),
        response: answers(NameSavedSchema),
      },
    },
    async (req) => {
      const base = optionalText(req.body, 'base');
      if (base === undefined) throw FieldError.one('base', 'required');
      const ctx = ctxOf(app, req);
      const v = await nameVersion(ctx, req.params.id);
      const diff = await saveNameList(ctx, v.list, v.names, { reason: 'restore', base });
      return { count: v.names.length, added: diff.added.length, removed: diff.removed.length, kept: diff.kept };
    },
  );

  app.all(`${prefix}/*`, { schema: { hide: true }, config: access }, async () => {
    throw new NotFound();
  });
}
