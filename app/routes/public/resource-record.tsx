import { data as dataResponse, Link, useLoaderData } from 'react-router';
import { pageDataContext } from '#page-context';
import type { PublicDetail } from '../../../common/resource.ts';
import { PeopleNames } from '../../components/member-name.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { responsive } from '../../lib/images.ts';
import { RichHtml } from '../../components/rich-html.tsx';
import { useT } from '../../i18n/index.tsx';
import { labNameOf, seo } from '../../lib/seo.ts';
import type { LoaderFunctionArgs, MetaArgs, MetaDescriptor } from 'react-router';
import { segmentOf } from './resource-list.tsx';
import { pageSlots } from './resource-slots.tsx';
import { at } from '../../lib/base.ts';

// The page of one public record of any resource declared with a `public` part, at
// /{segment}/{id}: its title, its meta line, its facts and its text (or the resource's own body,
// resource-slots.tsx), and its JSON-LD where its declaration has one. A text that exists only in the other
// language is shown in that language, marked with its `lang`, under a note in the reader's language; the
// page's hreflang alternates name only the languages the record is complete in.

export async function loader({ context, request, params }: LoaderFunctionArgs) {
  const data = context.get(pageDataContext);
  const found = await data.resourceRecord(segmentOf(request.url), params.id ?? '');
  if (!found) throw dataResponse({ lang: data.lang }, { status: 404 });
  return { lang: data.lang, origin: data.origin, forced: data.forced, ...found };
}

// typed by its loader: the route has no generated types while no declaration has a public part
export function meta({
  loaderData: data,
  matches,
}: {
  loaderData: Awaited<ReturnType<typeof loader>> | undefined;
  matches: MetaArgs['matches'];
}): MetaDescriptor[] {
  if (!data) return [];
  const { resource, record, jsonLd } = data;
  return [
    ...seo({
      lab: labNameOf(matches, data.lang),
      title: `${record.title} · ${resource.label}`,
      description: record.text[0]?.slice(0, 200) || record.title,
      origin: data.origin,
      path: record.href,
      lang: data.lang,
      forced: data.forced,
      ...(record.langs ? { langs: record.langs } : {}),
    }),
    ...(jsonLd ? [{ 'script:ld+json': jsonLd }] : []),
  ];
}

/** The record's declared details (public.details): a label and its value, as text, names, a link or a picture. */
function Details({ details, lang }: { details: readonly PublicDetail[]; lang: 'zh' | 'en' }) {
  return (
    <dl className="record-details">
      {details.map((d) => (
        <div key={d.key}>
          <dt>{d.label}</dt>
          <dd>
            {d.people ? (
              <PeopleNames people={d.people} lang={lang} />
            ) : d.image ? (
              <img {...responsive(d.image, 600)} sizes="(min-width: 700px) 600px, 100vw" alt={d.label} loading="lazy" />
            ) : d.links ? (
              <ul className="record-links">
                {d.links.map((l) => (
                  <li key={l.href}>
                    <a href={at(l.href)}>{l.text}</a>
                  </li>
                ))}
              </ul>
            ) : d.href ? (
              <a href={at(d.href)}>{d.text}</a>
            ) : (
              d.text
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export default function ResourceRecord() {
  const { t, lang } = useT();
  const { resource, record } = useLoaderData<typeof loader>();
  const Own = pageSlots[resource.name];
  const other = (l: string | undefined) => (l && l !== lang ? l : undefined);
  return (
    <>
      <PageHeader title={record.title} titleLang={other(record.titleLang)} subtitle={record.meta || undefined} />
      <div className="container">
        <p className="small">
          <Link to={resource.href}>{resource.label}</Link>
        </p>
        {record.missing && (
          <p className="note muted" role="note" data-testid="language-note">
            {t('declared.notInReaderLanguage')}
          </p>
        )}
        {record.facts && record.facts.length > 0 && (
          <dl className="facts">
            {record.facts.map((f) => (
              <div key={f.label}>
                <dt>{f.label}</dt>
                <dd>{f.value}</dd>
              </div>
            ))}
          </dl>
        )}
        {Own ? (
          <Own card={record} />
        ) : (
          <>
            {record.details && <Details details={record.details} lang={lang} />}
            {(record.blocks ?? []).map((b) => (
              <section key={b.key} className="record-text">
                {b.heading && <h2>{b.heading}</h2>}
                <div lang={other(b.lang)}>{b.html !== null ? <RichHtml html={b.html} /> : <p>{b.text}</p>}</div>
              </section>
            ))}
          </>
        )}
      </div>
    </>
  );
}

export { ErrorBoundary } from './not-found.tsx';
