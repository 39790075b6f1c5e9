import { data as dataResponse, redirect } from 'react-router';
import { pageDataContext } from '#page-context';
import { pick } from '../../../common/lang.ts';
import { AuthorList } from '../../components/author-list.tsx';
import { RichHtml } from '../../components/rich-html.tsx';
import type { AuthorMembers } from '../../../common/authors.ts';
import type { PublicationListItem } from '../../../common/wire.ts';
import { useT } from '../../i18n/index.tsx';
import { areaLabel, typeLabel } from '../../lib/people.ts';
import { paths } from '../../../common/paths.ts';
import { seo } from '../../lib/seo.ts';
import type { Route } from './+types/person.ts';
import { responsive } from '../../lib/images.ts';
import { personLd } from '../../lib/structured-data.ts';
import { at } from '../../lib/base.ts';
import { scholarProfiles } from '../../../common/scholar-ids.ts';

// /people/{username}[/…]: a personal page. link_type 1 renders markdown, 2 sanitized HTML; 3 sends the
// visitor to the person's own page; 0 has no page.

export async function loader({ context, params }: Route.LoaderArgs) {
  const data = context.get(pageDataContext);
  const [found, site] = await Promise.all([data.person(params.username), data.site()]);
  const person = found?.person;
  if (!found || !person || person.link_type === 0) throw dataResponse({ lang: data.lang }, { status: 404 });
  if (person.link_type === 3 && typeof person.link === 'string' && /^https?:\/\//.test(person.link)) throw redirect(person.link, 302);
  return {
    lang: data.lang,
    origin: data.origin,
    forced: data.forced,
    person,
    html: found.html,
    publications: found.publications,
    members: found.members,
    records: found.records,
    citations: found.citations,
    labName: pick(site.lab_name_zh, site.lab_name_en, data.lang),
    // what the page's Person says of the lab
    lab: { lab_name_zh: site.lab_name_zh, lab_name_en: site.lab_name_en, email: site.email, location_zh: site.location_zh, location_en: site.location_en },
  };
}

export function meta({ loaderData: data }: Route.MetaArgs) {
  if (!data) return [];
  const p = data.person;
  return [
    ...seo({
      // SPEC §2: the lab name plus the person's English name
      title: p.name_en,
      lab: data.labName,
      fullTitle: `${data.labName} - ${p.name_en}`,
      description: pick(p.description_zh, p.description_en, data.lang) || `${p.name_en} · ${data.labName}`,
      origin: data.origin,
      path: paths.person(p.username),
      lang: data.lang,
      forced: data.forced,
      image: p.portrait_url ?? '',
      type: 'profile',
    }),
    personLd(
      p,
      data.origin,
      data.lab,
      data.lang,
      // the titles of the records naming them, under the Person property their resource declares (awards: `award`)
      Object.fromEntries(data.records.flatMap((g) => (g.personProperty ? [[g.personProperty, g.cards.map((c) => c.title)]] : []))),
    ),
  ];
}

/** The member's publications, newest first, under a heading per year. */
function MemberPublications({ items, members }: { items: PublicationListItem[]; members: AuthorMembers }) {
  const { t } = useT();
  const years = [...new Set(items.map((p) => p.year ?? 0))].sort((a, b) => b - a);
  return (
    <section className="member-publications" aria-labelledby="member-publications">
      <h2 id="member-publications">{t('person.publications')}</h2>
      {years.map((year) => (
        <div key={year}>
          <h3>{year || '—'}</h3>
          <ul>
            {items
              .filter((p) => (p.year ?? 0) === year)
              .map((p) => (
                <li key={p.pid}>
                  <a href={p.pid !== undefined ? at(paths.publicationItem(p.pid)) : undefined}>{p.title}</a>
                  <br />
                  <AuthorList item={p} members={members} />
                  <span className="muted"> · {p.source ?? ''}</span>
                </li>
              ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

/** The declared records that name the member in a people field: a section per resource, each record linked to its page. */
function MemberRecords({ groups }: { groups: Route.ComponentProps['loaderData']['records'] }) {
  return (
    <>
      {groups.map((g) => (
        <section key={g.name} className="member-publications member-records" aria-labelledby={`member-${g.name}`}>
          <h2 id={`member-${g.name}`}>{g.label}</h2>
          <ul>
            {g.cards.map((c) => (
              <li key={c.id}>
                <a href={at(c.href)}>{c.title}</a>
                {c.meta && <span className="muted"> · {c.meta}</span>}
                {c.people && (
                  <>
                    <br />
                    <span className="small">{c.people}</span>
                  </>
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}

export default function Person({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  const { lang, person: p, html, publications, members, records } = loaderData;
  // a former member is shown as an alumnus: no office (the server sends none), the year and where they are now
  const former = p.status === false;
  const location = former ? '' : pick(p.location_zh, p.location_en, lang);
  const nowAt = former ? pick(p.now_at_zh ?? '', p.now_at_en ?? '', lang) : '';
  const name = pick(p.name_zh, p.name_en, lang);
  return (
    <div className="container" style={{ paddingTop: 32 }}>
      <div className="profile">
        {/* on a phone the portrait is the largest thing the page first paints: asked for before the rest */}
        <img {...responsive(p.portrait_url ?? '', 150)} sizes="150px" alt={name} width={150} height={150} fetchPriority="high" />
        <div>
          <h1 style={{ marginBottom: 0 }}>{name}</h1>
          <p className="muted">{lang === 'zh' ? p.name_en : p.name_zh}</p>
          {former && (
            <p className="alumni">
              <strong>{t('person.alumni')}</strong>
              {p.graduated ? ` · ${t('person.graduated', { year: p.graduated })}` : ''}
            </p>
          )}
          <p>
            {t('person.type')}
            {t('colon')}
            {typeLabel(p.type, lang)}
          </p>
          {nowAt && (
            <p className="now-at">
              {t('person.nowAt')}
              {t('colon')}
              {nowAt}
            </p>
          )}
          {areaLabel(p.area, lang) && (
            <p>
              {t('person.area')}
              {t('colon')}
              {areaLabel(p.area, lang)}
            </p>
          )}
          {p.email ? (
            <p>
              {t('person.email')}
              {t('colon')}
              <a href={`mailto:${p.email}`}>{p.email}</a>
            </p>
          ) : null}
          {location && (
            <p>
              {t('person.location')}
              {t('colon')}
              {location}
            </p>
          )}
          {loaderData.citations !== null && <p className="cited-by">{t('person.citations', { count: loaderData.citations })}</p>}
          {scholarProfiles(p).length > 0 && (
            <p className="scholar-profiles">
              {scholarProfiles(p).map((s, i) => (
                <span key={s.kind}>
                  {i > 0 && ' · '}
                  <a href={s.url} rel="me noopener" target="_blank">
                    {t(`person.${s.kind}`)}
                  </a>
                </span>
              ))}
            </p>
          )}
        </div>
      </div>
      {html && <RichHtml html={html} />}
      {publications.length > 0 && <MemberPublications items={publications} members={members} />}
      <MemberRecords groups={records} />
    </div>
  );
}

export { ErrorBoundary } from './not-found.tsx';
