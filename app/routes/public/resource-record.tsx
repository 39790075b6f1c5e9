import { data as dataResponse, Link, useLoaderData } from 'react-router';
import { pageDataContext } from '#page-context';
import type { PublicDetail } from '../../../common/resource.ts';
import { PeopleNames } from '../../components/member-name.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { responsive } from '../../lib/images.ts';
import { seo } from '../../lib/seo.ts';
import type { LoaderFunctionArgs } from 'react-router';
import { segmentOf } from './resource-list.tsx';
import { pageSlots } from './resource-slots.tsx';

// The page of one public record of any resource declared with a `public` part (issue #27), at
// /{segment}/{id}: its title, its meta line and its text (or the resource's own body, resource-slots.tsx).

export async function loader({ context, request, params }: LoaderFunctionArgs) {
  const data = context.get(pageDataContext);
  const found = await data.resourceRecord(segmentOf(request.url), params.id ?? '');
  if (!found) throw dataResponse({ lang: data.lang }, { status: 404 });
  return { lang: data.lang, origin: data.origin, forced: data.forced, ...found };
}

// typed by its loader: the route has no generated types while no declaration has a public part
export function meta({ loaderData: data }: { loaderData: Awaited<ReturnType<typeof loader>> | undefined }) {
  if (!data) return [];
  const { resource, record } = data;
  const tags = seo({
    title: `${record.title} · ${resource.label}`,
    description: record.text[0]?.slice(0, 200) || record.title,
    origin: data.origin,
    path: record.href,
    lang: data.lang,
    forced: data.forced,
  });
  // schema.org, where the declaration names a type (public.schemaType)
  return record.jsonLd ? [...tags, { 'script:ld+json': record.jsonLd }] : tags;
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
            ) : d.href ? (
              <a href={d.href}>{d.text}</a>
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
  const { resource, record, lang } = useLoaderData<typeof loader>();
  const Own = pageSlots[resource.name];
  return (
    <>
      <PageHeader title={record.title} subtitle={record.meta || undefined} />
      <div className="container">
        <p className="small">
          <Link to={resource.href}>{resource.label}</Link>
        </p>
        {Own ? (
          <Own card={record} />
        ) : (
          <>
            {record.details && <Details details={record.details} lang={lang} />}
            {record.text.map((text, i) => (
              // the declared text fields, in their order
              // biome-ignore lint/suspicious/noArrayIndexKey: the fields' order is fixed by the declaration
              <p key={i}>{text}</p>
            ))}
          </>
        )}
      </div>
    </>
  );
}

export { ErrorBoundary } from './not-found.tsx';
