import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { addDays, chinaDate, pastedNames } from '../../common/advisor.ts';
import { isRealDate, isUpload } from '../../common/fields.ts';
import { ApiError } from '../http/errors.ts';
import { uploadConfig, uploadLimits } from '../http/multipart.ts';
import { parseReportFile, readNamesFile } from '../pingan/import-file.ts';
import type { PinganSource } from '../pingan/source.ts';
import { storedSource } from '../pingan/stored.ts';
import { createUpstreamSource } from '../pingan/upstream.ts';
import {
  NAME_MAX,
  NAMES_MAX,
  NameListSchema,
  nameListsOf,
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

import { ctxOf, parseInput, success } from './helpers.ts';
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

function uploadOf(req: FastifyRequest, field: string) {
  if (!req.isMultipart()) throw new ApiError(415, 'not_multipart');
  const value = (req.body as Record<string, unknown>)[field];
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

  app.get(
    `${prefix}/pingan/`,
    {
      config: access,
      schema: {
        tags,
        summary:
          'mount=1: stored parameters, cookie status, leave/return counts, reminder counts; mount=2: plus today’s non-reporters (date); mount=3: plus yesterday’s non-reporters and abnormal statuses (date_yes)',
        querystring: z.object({ date: z.string().optional(), date_yes: z.string().optional(), mount: z.string().optional() }).loose(),
      },
    },
    async (req) => {
      const q = parseInput(PinganQuery, req.query);
      const date = q.date ?? chinaDate();
      const dateYes = q.date_yes ?? addDays(date, -1);
      const ctx = ctxOf(app, req);
      if (q.mount === '2') return pinganToday(ctx, sources, date, upstream);
      if (q.mount === '3') return pinganYesterday(ctx, sources, dateYes, upstream);
      return pinganBase(ctx, date, upstream);
    },
  );

  app.put(
    `${prefix}/pingan/`,
    {
      // text parts only
      config: { ...access, upload: { fileSize: 0, files: 0 } },
      schema: {
        tags,
        summary:
          'remind=0: save {cookie, selfdez, selfdyz, xwzs, lixiao_temp, fanxiao_temp}; remind=1&date=: record {remind: [{xgh, realname}]} as reminded on date',
        consumes: ['multipart/form-data'],
        querystring: z.object({ remind: z.string().optional(), date: z.string().optional() }).loose(),
        body: z.any(),
      },
    },
    async (req, reply) => {
      if (!req.isMultipart()) throw new ApiError(415, 'not_multipart');
      const q = req.query as { remind?: string; date?: string };
      const ctx = ctxOf(app, req);
      if (q.remind === '0') {
        await savePinganParams(ctx, parseInput(PinganParamsSchema, req.body));
        return success(reply);
      }
      if (q.remind === '1') {
        const date = q.date ?? chinaDate();
        if (!isRealDate(date)) throw FieldError.one('date', 'invalid_date');
        await recordReminders(ctx, date, parseInput(RemindSchema, req.body).remind);
        return success(reply);
      }
      throw FieldError.one('remind', 'invalid_remind_flag');
    },
  );

  app.post(
    `${prefix}/pingan/import/`,
    {
      schema: {
        tags,
        summary: 'Import the reporting system’s export {file} (CSV or XLSX, docs/advisor.md); the dates it covers are replaced',
        consumes: ['multipart/form-data'],
        body: z.any(),
      },
      config: importConfig,
    },
    async (req) => {
      const file = uploadOf(req, 'file');
      const rows = await parseReportFile(await storage.readUpload(file, uploadLimits.sheet));
      return storeImportedReports(ctxOf(app, req), rows);
    },
  );

  app.get(
    `${prefix}/info/`,
    { config: access, schema: { tags, summary: 'The name lists of the checker: {info: {list: [names]}, col_name_dict: {list: {zh, en}}}' } },
    async (req) => nameListsOf(ctxOf(app, req)),
  );

  app.put(
    `${prefix}/info/`,
    {
      schema: {
        tags,
        summary: 'Replace one name list: {list, names} (one per line) or {list, file} (CSV, first column)',
        consumes: ['multipart/form-data'],
        body: z.any(),
      },
      config: importConfig,
    },
    async (req, reply) => {
      if (!req.isMultipart()) throw new ApiError(415, 'not_multipart');
      const body = req.body as Record<string, unknown>;
      const { list } = parseInput(NameListSchema, body);
      const file = isUpload(body.file) ? body.file : undefined;
      if ((typeof body.names === 'string') === Boolean(file)) throw FieldError.one('names', 'names_or_file');
      const names = file ? await readNamesFile(await storage.readUpload(file, uploadLimits.sheet)) : pastedNames(body.names as string);
      const field = file ? 'file' : 'names';
      if (names.length > NAMES_MAX) throw FieldError.one(field, 'too_many_names', { max: NAMES_MAX });
      const long = names.find((n) => n.length > NAME_MAX);
      if (long) throw FieldError.one(field, 'name_too_long', { name: `${long.slice(0, 20)}…`, max: NAME_MAX });
      await saveNameList(ctxOf(app, req), list, names);
      return success(reply);
    },
  );

  app.all(`${prefix}/*`, { schema: { hide: true }, config: access }, async () => {
    throw new NotFound();
  });
}
