import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { enumValues, pageSections, showcaseKinds } from '../../common/enums.ts';
import { inputSchema } from '../../common/resource.ts';
import { site } from '../../common/resources/site.ts';
import { ConsoleSiteSettingsSchema, PublicPageSchema, PublicShowcaseSchema, SiteSettingsSchema } from '../../common/wire.ts';
import { uploadConfigOf, uploadLimits } from '../http/multipart.ts';
import { publicPage, publicPages, publicShowcase, publicSiteSettings, saveSiteSettings, siteSettings } from '../services/site.ts';
import { asSent } from '../cache/plugin.ts';
import { answers, ctxOf, listOrOne, multipartConsumes, SuccessSchema, success, typed } from './helpers.ts';
import { FieldError } from '../errors.ts';

// Site content that SPEC §2 shows but §7 has no call for: course and shared-task pages, the home
// page's showcase items and the one site settings record (console calls, administrators only), and
// their public reads, named like SPEC's (/api/read_…/).

const sections = enumValues(pageSections) as ('course' | 'sharedtask')[];
const kinds = enumValues(showcaseKinds) as ('carousel' | 'tool' | 'project')[];

/** A query parameter that must be one of `options` (a 400 naming the field otherwise). */
function oneOf<T extends string>(field: string, value: unknown, options: readonly T[]): T {
  if (typeof value === 'string' && (options as readonly string[]).includes(value)) return value as T;
  throw FieldError.one(field, 'invalid_enum', { options: options.join(', ') });
}

export async function siteRoutes(app: FastifyInstance) {
  const api = typed(app);
  const tags = [site.name];
  api.get(
    site.path,
    {
      schema: { tags, summary: 'The site settings (lab intro, footer, console title, security)', response: answers(ConsoleSiteSettingsSchema) },
      config: { access: site.access.read },
    },
    async (req) => siteSettings(ctxOf(app, req)),
  );
  api.put(
    site.path,
    {
      schema: {
        tags,
        summary: 'Save the site settings (absent fields unchanged)',
        consumes: multipartConsumes,
        body: inputSchema(site, 'update'),
        response: answers(SuccessSchema),
      },
      config: { ...uploadConfigOf(site.fields, uploadLimits.image), access: site.access.update },
    },
    async (req, reply) => {
      // the service checks the settings itself too (the command line saves them without a request)
      await saveSiteSettings(ctxOf(app, req), req.body);
      return success(reply);
    },
  );

  const publicTags = ['public'];
  api.get(
    '/api/read_page/',
    {
      config: { access: 'public', cache: { topics: ['site'], query: { section: asSent, slug: asSent } } },
      schema: {
        tags: publicTags,
        summary: 'Released pages of a section (course, sharedtask); with ?slug= one page (any case)',
        querystring: z.object({ section: z.string().optional(), slug: z.string().optional() }).loose(),
        response: answers(listOrOne(PublicPageSchema)),
      },
    },
    async (req) => {
      const { slug } = req.query;
      const section = oneOf('section', req.query.section, sections);
      const ctx = ctxOf(app, req);
      return slug !== undefined ? await publicPage(ctx, section, slug) : await publicPages(ctx, section);
    },
  );
  api.get(
    '/api/read_showcase/',
    {
      config: { access: 'public', cache: { topics: ['site'], query: { kind: asSent } } },
      schema: {
        tags: publicTags,
        summary: 'Released showcase items; ?kind=carousel|tool|project for one kind',
        querystring: z.object({ kind: z.string().optional() }).loose(),
        response: answers(z.array(PublicShowcaseSchema)),
      },
    },
    async (req) => {
      const { kind } = req.query;
      return await publicShowcase(ctxOf(app, req), kind === undefined ? undefined : oneOf('kind', kind, kinds));
    },
  );
  api.get(
    '/api/read_site/',
    {
      config: { access: 'public', cache: { topics: ['site'] } },
      schema: { tags: publicTags, summary: 'The site settings as the public pages show them', response: answers(SiteSettingsSchema) },
    },
    async (req) => publicSiteSettings(ctxOf(app, req)),
  );
}
