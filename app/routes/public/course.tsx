import { data as dataResponse } from 'react-router';
import { pageDataContext } from '#page-context';
import { pick } from '../../../common/lang.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { RichHtml } from '../../components/rich-html.tsx';
import { paths } from '../../../common/paths.ts';
import { labNameOf, seo } from '../../lib/seo.ts';
import type { Route } from './+types/course.ts';
import { at, siteRelative } from '../../lib/base.ts';

// One markdown page of a section: /curriculum/{slug} (e.g. Intro-to-AI) or /sharedtask/{slug}.

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const data = context.get(pageDataContext);
  const section = siteRelative(new URL(request.url).pathname).toLowerCase().startsWith('/sharedtask/') ? 'sharedtask' : 'course';
  const found = await data.page(section, params.slug);
  if (!found) throw dataResponse({ lang: data.lang }, { status: 404 });
  return { lang: data.lang, origin: data.origin, forced: data.forced, section, ...found };
}

export function meta({ loaderData: data, matches }: Route.MetaArgs) {
  if (!data) return [];
  const p = data.page;
  const path = data.section === 'course' ? paths.course(p.slug) : paths.sharedtaskItem(p.slug);
  return seo({
    lab: labNameOf(matches, data.lang),
    title: pick(p.title_zh, p.title_en, data.lang),
    description: pick(p.summary_zh, p.summary_en, data.lang),
    origin: data.origin,
    path,
    lang: data.lang,
    forced: data.forced,
    image: (p.image_url as string) || null,
    type: 'article',
  });
}

export default function Course({ loaderData }: Route.ComponentProps) {
  const { lang, page, html } = loaderData;
  return (
    <>
      <PageHeader title={pick(page.title_zh, page.title_en, lang)} subtitle={pick(page.summary_zh, page.summary_en, lang)} />
      <div className="container">
        <div style={{ maxWidth: 880 }}>
          {page.link ? (
            <p>
              <a href={at(page.link)} rel="noopener">
                {page.link}
              </a>
            </p>
          ) : null}
          <RichHtml html={html} />
        </div>
      </div>
    </>
  );
}

export { ErrorBoundary } from './not-found.tsx';
