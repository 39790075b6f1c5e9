import { pageDataContext } from '#page-context';
import { PageHeader } from '../../components/page-header.tsx';
import { PageList } from '../../components/page-list.tsx';
import { useT } from '../../i18n/index.tsx';
import { paths } from '../../lib/paths.ts';
import { seo } from '../../lib/seo.ts';
import type { Route } from './+types/curriculum.ts';

export async function loader({ context }: Route.LoaderArgs) {
  const data = context.get(pageDataContext);
  return { lang: data.lang, origin: data.origin, forced: data.forced, pages: await data.pages('course') };
}

export function meta({ loaderData: data }: Route.MetaArgs) {
  if (!data) return [];
  const zh = data.lang === 'zh';
  return seo({
    title: zh ? '课程' : 'Courses',
    description: zh ? '实验室开设的课程。' : 'Courses taught by the lab.',
    origin: data.origin,
    path: paths.curriculum(),
    lang: data.lang,
    forced: data.forced,
  });
}

export default function Curriculum({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  return (
    <>
      <PageHeader title={t('curriculum.title')} subtitle={t('curriculum.description')} />
      <div className="container">
        <PageList pages={loaderData.pages} lang={loaderData.lang} hrefOf={paths.course} empty={t('curriculum.empty')} />
      </div>
    </>
  );
}
