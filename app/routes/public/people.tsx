import type { ReactNode } from 'react';
import { data as dataResponse, Link } from 'react-router';
import { pageDataContext } from '#page-context';
import { pick } from '../../../common/lang.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { Pager, withPage } from '../../components/pager.tsx';
import { useT } from '../../i18n/index.tsx';
import type { PersonListItem } from '../../../common/wire.ts';
import { areaLabel, groupPeople, personHref, typeLabel } from '../../lib/people.ts';
import { paths } from '../../../common/paths.ts';
import { labNameOf, seo } from '../../lib/seo.ts';
import type { Route } from './+types/people.ts';
import { responsive } from '../../lib/images.ts';
import { at } from '../../lib/base.ts';

// Two tabs, current and former, as links (?tab=former), so each works without JavaScript too. Former
// members, who grow with every year, come a page at a time (?tab=former&page=N).

export async function loader({ context }: Route.LoaderArgs) {
  const data = context.get(pageDataContext);
  const list = await data.peoplePage();
  if (!list) throw dataResponse({ lang: data.lang }, { status: 404 });
  const { tab, items, page, pages } = list;
  return { lang: data.lang, origin: data.origin, forced: data.forced, tab, page, pages, people: items };
}

const tabPath = (tab: 'current' | 'former') => (tab === 'former' ? `${paths.people()}?tab=former` : paths.people());

export function meta({ loaderData: data, matches }: Route.MetaArgs) {
  if (!data) return [];
  const zh = data.lang === 'zh';
  const title = zh ? '成员' : 'People';
  return seo({
    lab: labNameOf(matches, data.lang),
    title: data.page > 1 ? `${title} · ${zh ? `第 ${data.page} 页` : `page ${data.page}`}` : title,
    description: zh ? '实验室的教师、研究人员与学生。' : 'Faculty, researchers and students of the lab.',
    origin: data.origin,
    path: withPage(tabPath(data.tab), data.page),
    lang: data.lang,
    forced: data.forced,
  });
}

function CardLink({ person, children }: { person: PersonListItem; children: ReactNode }) {
  const href = personHref(person);
  if (!href) return <div className="card">{children}</div>;
  return (
    <a className="card" href={at(href)} {...(person.link_type === 3 ? { target: '_blank', rel: 'noopener' } : {})}>
      {children}
    </a>
  );
}

export default function People({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  const { lang, tab, people, page, pages } = loaderData;
  const current = tab === 'current';
  const groups = groupPeople(people, current);

  return (
    <>
      <PageHeader title={t('people.title')} subtitle={t('people.description')} />
      <div className="container">
        <nav className="tabs" aria-label={t('people.title')}>
          <Link to={paths.people()} aria-current={current ? 'page' : undefined} preventScrollReset>
            {t('people.current')}
          </Link>
          <Link to={tabPath('former')} aria-current={current ? undefined : 'page'} preventScrollReset>
            {t('people.former')}
          </Link>
        </nav>
        {groups.length === 0 && <p className="muted">{t('people.empty')}</p>}
        {groups.map((g) => {
          const wide = !current || g.key === 'teachers';
          return (
            <section key={g.key} style={{ marginBottom: 40 }}>
              <h2>{t(`people.${g.key}`)}</h2>
              <div className={wide ? 'grid cols-2' : 'grid small-cards'}>
                {g.people.map((p) => {
                  const description = pick(p.description_zh, p.description_en, lang);
                  const nowAt = current ? '' : pick(p.now_at_zh ?? '', p.now_at_en ?? '', lang);
                  const alumni = [
                    !current && p.graduated ? t('people.graduated', { year: Number(p.graduated) }) : '',
                    nowAt ? t('people.nowAt', { place: nowAt }) : '',
                  ]
                    .filter(Boolean)
                    .join(' · ');
                  return (
                    <CardLink key={p.pid} person={p}>
                      <div className={`person-card${wide ? '' : ' compact'}`}>
                        <img className="portrait" {...responsive(p.portrait_url ?? '', 88)} sizes="88px" alt="" loading="lazy" width={88} height={88} />
                        <div>
                          <h3>{pick(p.name_zh, p.name_en, lang)}</h3>
                          <p className="muted small">
                            {typeLabel(p.type, lang)}
                            {g.key !== 'teachers' && p.entrance ? ` · ${t('people.entrance', { year: Number(p.entrance) })}` : ''}
                          </p>
                          {areaLabel(p.area, lang) && <p className="muted small">{areaLabel(p.area, lang)}</p>}
                          {/* a former member: the year they graduated and where they are now */}
                          {alumni && <p className="small alumni">{alumni}</p>}
                          {wide && description && (
                            <p className="small" style={{ marginTop: 8 }}>
                              {description}
                            </p>
                          )}
                        </div>
                      </div>
                    </CardLink>
                  );
                })}
              </div>
            </section>
          );
        })}
        <Pager page={page} pages={pages} href={(n) => withPage(tabPath(tab), n)} />
      </div>
    </>
  );
}

export { ErrorBoundary } from './not-found.tsx';
