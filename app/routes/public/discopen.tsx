import { pageDataContext } from '#page-context';
import type { Lang } from '../../../common/enums.ts';
import { pick } from '../../../common/lang.ts';
import type { PublicShowcase } from '../../../common/wire.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { useT } from '../../i18n/index.tsx';
import { paths } from '../../../common/paths.ts';
import { labNameOf, seo } from '../../lib/seo.ts';
import type { Route } from './+types/discopen.ts';
import { PublicCard } from '../../components/public-card.tsx';
import { at } from '../../lib/base.ts';

export async function loader({ context }: Route.LoaderArgs) {
  const data = context.get(pageDataContext);
  const [projects, tools] = await Promise.all([data.showcase('project'), data.showcase('tool')]);
  return { lang: data.lang, origin: data.origin, forced: data.forced, projects, tools };
}

export function meta({ loaderData: data, matches }: Route.MetaArgs) {
  if (!data) return [];
  const zh = data.lang === 'zh';
  return seo({
    lab: labNameOf(matches, data.lang),
    title: zh ? '开源' : 'Open Source',
    description: zh ? '实验室的开源项目与标注工具。' : 'Open-source projects and annotation tools of the lab.',
    origin: data.origin,
    path: paths.discopen(),
    lang: data.lang,
    forced: data.forced,
  });
}

function Items({ items, lang }: { items: PublicShowcase[]; lang: Lang }) {
  const { t } = useT();
  return (
    <div className="grid cols-3" style={{ marginBottom: 40 }}>
      {items.map((item) => {
        const title = pick(item.title_zh, item.title_en, lang);
        return (
          <PublicCard
            key={item.cid}
            image={item.image_url}
            actions={
              item.link ? (
                <a href={at(item.link)} target="_blank" rel="noopener">
                  {t('discopen.visit')}
                  {t('colon')}
                  {title}
                </a>
              ) : undefined
            }
          >
            <h3>{title}</h3>
            <p className="muted small">{pick(item.description_zh, item.description_en, lang)}</p>
          </PublicCard>
        );
      })}
    </div>
  );
}

export default function DiscOpen({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  const { lang, projects, tools } = loaderData;
  return (
    <>
      <PageHeader title={t('discopen.title')} subtitle={t('discopen.description')} />
      <div className="container">
        {projects.length === 0 && tools.length === 0 && <p className="muted">{t('discopen.empty')}</p>}
        {projects.length > 0 && (
          <section>
            <h2>{t('discopen.projects')}</h2>
            <Items items={projects} lang={lang} />
          </section>
        )}
        {tools.length > 0 && (
          <section>
            <h2>{t('discopen.tools')}</h2>
            <Items items={tools} lang={lang} />
          </section>
        )}
      </div>
    </>
  );
}
