import { data as dataResponse, redirect } from 'react-router';
import { pageDataContext } from '#page-context';
import { pick } from '../../../common/lang.ts';
import { RichHtml } from '../../components/rich-html.tsx';
import { useT } from '../../i18n/index.tsx';
import { areaLabel, typeLabel } from '../../lib/people.ts';
import { paths } from '../../lib/paths.ts';
import { seo } from '../../lib/seo.ts';
import type { Route } from './+types/person.ts';
import { responsive } from '../../lib/images.ts';

// /people/{username}[/…]: a personal page. link_type 1 renders markdown, 2 sanitized HTML; 3 sends the
// visitor to the person's own page; 0 has no page.

export async function loader({ context, params }: Route.LoaderArgs) {
  const data = context.get(pageDataContext);
  const [found, site] = await Promise.all([data.person(params.username), data.site()]);
  const person = found?.person;
  if (!found || !person || person.link_type === 0) throw dataResponse({ lang: data.lang }, { status: 404 });
  if (person.link_type === 3 && typeof person.link === 'string' && /^https?:\/\//.test(person.link)) throw redirect(person.link, 302);
  return { lang: data.lang, origin: data.origin, forced: data.forced, person, html: found.html, labName: pick(site.lab_name_zh, site.lab_name_en, data.lang) };
}

export function meta({ loaderData: data }: Route.MetaArgs) {
  if (!data) return [];
  const p = data.person;
  return seo({
    // SPEC §2: the lab name plus the person's English name
    title: `${data.labName} - ${String(p.name_en)}`,
    description: pick(p.description_zh, p.description_en, data.lang) || `${String(p.name_en)} · ${data.labName}`,
    origin: data.origin,
    path: paths.person(String(p.username)),
    lang: data.lang,
    forced: data.forced,
    image: String(p.portrait_url ?? ''),
    type: 'profile',
  });
}

export default function Person({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  const { lang, person: p, html } = loaderData;
  const location = pick(p.location_zh, p.location_en, lang);
  const name = pick(p.name_zh, p.name_en, lang);
  return (
    <div className="container" style={{ paddingTop: 32 }}>
      <div className="profile">
        <img {...responsive(String(p.portrait_url), 150)} sizes="150px" alt={name} width={150} height={150} />
        <div>
          <h1 style={{ marginBottom: 0 }}>{name}</h1>
          <p className="muted">{lang === 'zh' ? String(p.name_en) : String(p.name_zh)}</p>
          <p>
            {t('person.type')}: {typeLabel(p.type, lang)}
          </p>
          {areaLabel(p.area, lang) && (
            <p>
              {t('person.area')}: {areaLabel(p.area, lang)}
            </p>
          )}
          {p.email ? (
            <p>
              {t('person.email')}: <a href={`mailto:${String(p.email)}`}>{String(p.email)}</a>
            </p>
          ) : null}
          {location && (
            <p>
              {t('person.location')}: {location}
            </p>
          )}
        </div>
      </div>
      {html && <RichHtml html={html} />}
    </div>
  );
}

export { ErrorBoundary } from './not-found.tsx';
