import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { areas, enumValues, type Lang } from '../../common/enums.ts';
import { type ReportKind, reportKindValues, reportLimits } from '../../common/report.ts';
import { FieldError } from '../errors.ts';
import { requestLang } from '../http/errors.ts';
import { buildReport, type RankOf, type ReportFilter, type ReportStyle, summaryOf } from '../services/report.ts';
import { customStyle } from '../services/csl/custom-styles.ts';
import { shippedStyle } from '../services/csl/styles.ts';
import { reportCsv, reportDocx, reportXlsx } from '../services/report-files.ts';
import { publicSiteSettings } from '../services/site.ts';
import { shownRanks } from '../services/venue-rank.ts';
import type { Ctx } from '../services/context.ts';
import { shownSystems } from '../../common/venue-ranks.ts';
import { answers, ctxOf, typed } from './helpers.ts';

// The achievement report (成果统计), administrators alone: GET /api/report/ answers its
// counts, GET /api/report/export/?format= its workbook, Word document or CSV. One query chooses the period
// (years), the members (person ids; none: everyone), the areas and the kinds (comma-separated).

const year = z
  .string()
  .regex(/^\d{4}$/)
  .transform(Number);
/** A comma-separated list of choices, each checked; bounded in length and count. */
const csvOf = <const T extends readonly [string, ...string[]]>(choices: T | RegExp, max: number) =>
  z
    .string()
    .max(max * 64)
    .transform((s) => s.split(',').filter(Boolean))
    .pipe(z.array(choices instanceof RegExp ? z.string().regex(choices) : z.enum(choices)).max(max));

const ReportQuerySchema = z
  .object({
    from: year,
    to: year,
    members: csvOf(/^\d{1,10}$/, reportLimits.members).optional(),
    areas: csvOf(enumValues(areas), areas.length).optional(),
    kinds: csvOf(reportKindValues, reportKindValues.length).optional(),
    lang: z.enum(['zh', 'en']).optional(),
    // the references' citation style (GET /api/cite-styles/): the site's GB/T style when absent
    style: z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]{0,99}$/)
      .optional(),
  })
  .loose();
type ReportQuery = z.infer<typeof ReportQuerySchema>;

const counts = { counts: z.partialRecord(z.enum(reportKindValues), z.number()), total: z.number() };
const ReportSummarySchema = z.object({
  from: z.number(),
  to: z.number(),
  kinds: z.array(z.enum(reportKindValues)),
  total: z.number(),
  byKind: z.object(counts),
  byYear: z.array(z.object({ year: z.number(), ...counts })),
  byArea: z.array(z.object({ area: z.string(), zh: z.string(), en: z.string(), ...counts })),
  byMember: z.array(z.object({ pid: z.number(), name_zh: z.string(), name_en: z.string(), ...counts })),
  byRank: z.array(z.object({ rank: z.string(), ...counts })).optional(),
});

/** The filter a query names; a period that ends before it starts, or out of range, is a field error. */
function filterOf(q: ReportQuery): ReportFilter {
  const { minYear, maxYear } = reportLimits;
  for (const f of ['from', 'to'] as const) if (q[f] < minYear || q[f] > maxYear) throw FieldError.one(f, 'out_of_range', { min: minYear, max: maxYear });
  if (q.to < q.from) throw FieldError.one('to', 'ends_before_start');
  return {
    from: q.from,
    to: q.to,
    kinds: q.kinds?.length ? (q.kinds as ReportKind[]) : reportKindValues,
    members: q.members?.map(Number),
    areas: q.areas,
  };
}

const types = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  csv: 'text/csv; charset=utf-8',
} as const;

/**
 * The venue ranks the report groups by: those the site shows (its `venue_ranks` setting; the first shown system
 * decides, CCF before CORE), none when it shows none.
 */
async function siteRankOf(ctx: Ctx): Promise<RankOf | undefined> {
  const shown = shownSystems((await publicSiteSettings(ctx)).venue_ranks);
  if (shown.length === 0) return undefined;
  return (p) => {
    const rank = shownRanks(p as unknown as Record<string, unknown>, shown)[0];
    return rank ? `${rank.system.toUpperCase()} ${rank.rank}` : undefined;
  };
}

/** The style a report's references are asked in: a shipped one, or an administrator's own with its XML; none when not asked. */
async function styleOf(ctx: Ctx, id: string | undefined): Promise<ReportStyle | undefined> {
  if (!id) return undefined;
  const shipped = shippedStyle(id);
  if (shipped) return { id, name: shipped.name[ctx.lang] };
  const own = await customStyle(ctx.db, id);
  if (!own) throw FieldError.one('style', 'csl_unknown_style', { id });
  return { id, name: own.title, xml: own.xml };
}

/** `rankOf`: a venue rank source; the site's shown venue ranks unless given (none: no rank column or groups). */
export function reportRoutes(app: FastifyInstance, opts: { rankOf?: RankOf } = {}) {
  const rankOf = async (ctx: Ctx) => opts.rankOf ?? (await siteRankOf(ctx));
  typed(app).get(
    '/api/report/',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['report'],
        summary: 'The achievement report’s counts (administrators): by year, kind, area, member (and venue rank)',
        querystring: ReportQuerySchema,
        response: answers(ReportSummarySchema),
      },
    },
    async (req) => {
      const ctx = ctxOf(app, req);
      return summaryOf(await buildReport(ctx, filterOf(req.query), await rankOf(ctx)));
    },
  );

  typed(app).get(
    '/api/report/export/',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['report'],
        summary:
          'The achievement report as a file (administrators): XLSX (a summary sheet and a sheet per kind), DOCX (references in `style`, GB/T 7714 unless named) or CSV',
        querystring: ReportQuerySchema.extend({ format: z.enum(['xlsx', 'docx', 'csv']) }),
        response: answers(z.custom<Buffer | string>().describe('the file')),
      },
    },
    async (req, reply) => {
      const filter = filterOf(req.query);
      const lang: Lang = req.query.lang ?? requestLang(req);
      const ctx = { ...ctxOf(app, req), lang };
      const style = await styleOf(ctx, req.query.style);
      const report = { ...(await buildReport(ctx, filter, await rankOf(ctx))), ...(style ? { style } : {}) };
      const { format } = req.query;
      // only digits and ASCII letters: a safe name whatever the choices
      const name = `report-${filter.from}-${filter.to}-${lang}.${format}`;
      reply.header('Content-Disposition', `attachment; filename="${name}"`).header('Cache-Control', 'no-store').type(types[format]);
      if (format === 'csv') return reply.send(await reportCsv(report, lang));
      if (format === 'xlsx') return reply.send(await reportXlsx(report, lang));
      const site = await publicSiteSettings(ctx);
      return reply.send(await reportDocx(report, lang, lang === 'zh' ? site.lab_name_zh || site.lab_name_en : site.lab_name_en || site.lab_name_zh));
    },
  );
}
