import { pageDataContext } from '#page-context';
import { PageHeader } from '../../components/page-header.tsx';
import { PageList } from '../../components/page-list.tsx';
import { useT } from '../../i18n/index.tsx';
import { paths } from '../../lib/paths.ts';
import { seo } from '../../lib/seo.ts';
import type { Route } from './+types/sharedtask.ts';

export async function loader({ context }: Route.LoaderArgs) {
  const data = context.get(pageDataContext);
  return { lang: data.lang, origin: data.origin, forced: data.forced, pages: await data.pages('sharedtask') };
}

export function meta({ loaderData: data }: Route.MetaArgs) {
  if (!data) return [];
  const zh = data.lang === 'zh';
  return seo({
    title: zh ? '评测任务' : 'Shared Tasks',
    description: zh ? '实验室组织的评测任务。' : 'Evaluation campaigns organised by the lab.',
    origin: data.origin,
    path: paths.sharedtask(),
    lang: data.lang,
    forced: data.forced,
  });
}

export default function SharedTask({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  return (
    <>
      <PageHeader title={t('sharedtask.title')} subtitle={t('sharedtask.description')} />
      <div className="container">
        <PageList pages={loaderData.pages} lang={loaderData.lang} hrefOf={paths.sharedtaskItem} empty={t('sharedtask.empty')} />
      </div>
    </>
  );
}
