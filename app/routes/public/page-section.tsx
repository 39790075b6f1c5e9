import { useLocation } from 'react-router';
import { pageDataContext } from '#page-context';
import { PageHeader } from '../../components/page-header.tsx';
import { PageList } from '../../components/page-list.tsx';
import { useT } from '../../i18n/index.tsx';
import { paths } from '../../../common/paths.ts';
import { labNameOf, seo } from '../../lib/seo.ts';
import type { Route } from './+types/page-section.ts';
import { siteRelative } from '../../lib/base.ts';

// The list pages of the two page sections, /curriculum (courses) and /sharedtask (shared tasks): one
// module for both routes (app/routes.ts), told apart by the path the router matched.

const sections = {
  course: {
    key: 'curriculum',
    path: paths.curriculum,
    itemPath: paths.course,
    title: { zh: '课程', en: 'Courses' },
    description: { zh: '实验室开设的课程。', en: 'Courses taught by the lab.' },
  },
  sharedtask: {
    key: 'sharedtask',
    path: paths.sharedtask,
    itemPath: paths.sharedtaskItem,
    title: { zh: '评测任务', en: 'Shared Tasks' },
    description: { zh: '实验室组织的评测任务。', en: 'Evaluation campaigns organised by the lab.' },
  },
} as const;

type Section = keyof typeof sections;

/** The section of a path the router matched to this module (/sharedtask… or /curriculum…, any case). */
const sectionOf = (pathname: string): Section => (pathname.toLowerCase().startsWith('/sharedtask') ? 'sharedtask' : 'course');

export async function loader({ context, request }: Route.LoaderArgs) {
  const data = context.get(pageDataContext);
  return { lang: data.lang, origin: data.origin, forced: data.forced, pages: await data.pages(sectionOf(siteRelative(new URL(request.url).pathname))) };
}

export function meta({ loaderData: data, location, matches }: Route.MetaArgs) {
  if (!data) return [];
  const s = sections[sectionOf(location.pathname)];
  return seo({
    lab: labNameOf(matches, data.lang),
    title: s.title[data.lang],
    description: s.description[data.lang],
    origin: data.origin,
    path: s.path(),
    lang: data.lang,
    forced: data.forced,
  });
}

export default function PageSection({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  const s = sections[sectionOf(useLocation().pathname)];
  return (
    <>
      <PageHeader title={t(`${s.key}.title`)} subtitle={t(`${s.key}.description`)} />
      <div className="container">
        <PageList pages={loaderData.pages} lang={loaderData.lang} hrefOf={s.itemPath} empty={t(`${s.key}.empty`)} />
      </div>
    </>
  );
}
