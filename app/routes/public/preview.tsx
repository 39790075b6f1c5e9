import { data as dataResponse } from 'react-router';
import { type PageData, pageDataContext } from '#page-context';
import type { Lang } from '../../../common/enums.ts';
import { labTime } from '../../../common/instant.ts';
import { pick } from '../../../common/lang.ts';
import { paths } from '../../../common/paths.ts';
import type { PublicNews } from '../../../common/wire.ts';
import { useT } from '../../i18n/index.tsx';
import type { Route } from './+types/preview.ts';
import { ArticleView } from './article.tsx';
import { HomeView, loadHome } from './home.tsx';
import { at } from '../../lib/base.ts';

// /preview/{kind}/{id}: a record's real public page, for the members who edit it. A GET shows
// the saved record, a draft included; a POST from the console's editor (field `record`, the form as JSON)
// shows its unsaved edits. An article is its own page; a news item is shown in the home page's timeline,
// a seminar as its latest seminar. The server lets only members through and keeps the page out of every
// cache and index (server/pages/preview.ts).

/** The home page's timeline with the previewed item in its place, whatever the date (it is what is being looked at). */
function withNews(list: PublicNews[], item: PublicNews): PublicNews[] {
  const others = list.filter((n) => n.nid !== item.nid).slice(0, list.length >= 6 ? 5 : list.length);
  return [...others, item].sort((a, b) => b.date.localeCompare(a.date) || b.nid - a.nid);
}

async function previewOf(data: PageData, params: Route.LoaderArgs['params'], edits?: { record: Record<string, unknown>; sent: string }) {
  const found = await data.preview(params.kind, params.id, edits?.record);
  const base = { lang: data.lang, kind: params.kind, id: params.id, sent: edits?.sent ?? null };
  if (!found) throw dataResponse({ lang: data.lang }, { status: 404 });
  if (found.kind === 'invalid') return dataResponse({ ...base, view: 'invalid' as const, errors: found.errors }, { status: 400 });
  const standing = { state: found.state, publish_at: found.publish_at };
  if (found.kind === 'article') return { ...base, ...standing, view: 'article' as const, page: found };
  const home = await loadHome(data);
  if (found.kind === 'news') return { ...base, ...standing, view: 'home' as const, home: { ...home, news: withNews(home.news, found.news) } };
  return { ...base, ...standing, view: 'home' as const, home: { ...home, seminar: found.seminar } };
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const data = context.get(pageDataContext);
  // after a POST its action has answered: the loaders run again with a GET, which would show the saved record
  if (data.posted) return null;
  return previewOf(data, params);
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const data = context.get(pageDataContext);
  const sent = (await request.formData()).get('record');
  let record: unknown;
  try {
    record = typeof sent === 'string' ? JSON.parse(sent) : undefined;
  } catch {
    record = undefined;
  }
  if (typeof record !== 'object' || record === null || Array.isArray(record)) throw dataResponse({ lang: data.lang }, { status: 400 });
  return previewOf(data, params, { record: record as Record<string, unknown>, sent: sent as string });
}

// the title is the component's (a POST's answer is its action's, which meta does not see)
export const meta = () => [{ name: 'robots', content: 'noindex, nofollow' }];

/** The bar above a preview: what it shows, where the record stands, and the other language. */
function PreviewBar({ d }: { d: NonNullable<Route.ComponentProps['loaderData']> }) {
  const { t, lang } = useT();
  const other: Lang = lang === 'zh' ? 'en' : 'zh';
  const target = paths.preview(d.kind, d.id, other);
  const state = d.view === 'invalid' ? '' : d.state === 'scheduled' ? t('preview.scheduled', { time: labTime(d.publish_at) }) : t(`preview.${d.state}`);
  const otherName = other === 'zh' ? '中文' : 'English';
  return (
    <aside
      className="preview-bar"
      aria-label={t('preview.label')}
      style={{ background: '#fff4ce', color: '#3d3000', borderBottom: '1px solid #e0c060', padding: '8px 16px', fontSize: '0.9rem' }}
    >
      <strong>
        {t('preview.label')} · {d.sent === null ? t('preview.saved') : t('preview.unsaved')}
      </strong>{' '}
      {state} {t('preview.note')}{' '}
      {d.sent === null ? (
        <a href={at(target)} hrefLang={other} lang={other}>
          {otherName}
        </a>
      ) : (
        // unsaved edits travel again, in the other language
        <form method="post" action={at(target)} encType="multipart/form-data" style={{ display: 'inline' }}>
          <input type="hidden" name="record" value={d.sent} />
          <button type="submit" lang={other} className="link-button">
            {otherName}
          </button>
        </form>
      )}
    </aside>
  );
}

export default function Preview({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT();
  const d = actionData ?? loaderData;
  if (!d) return null;
  const title = d.view === 'article' ? d.page.article.title : d.view === 'home' ? pick(d.home.site.lab_name_zh, d.home.site.lab_name_en, d.lang) : '';
  return (
    <>
      <title>{title ? `${t('preview.label')} · ${title}` : t('preview.label')}</title>
      <PreviewBar d={d} />
      {d.view === 'article' && <ArticleView {...d.page} standing={{ state: d.state, publish_at: d.publish_at }} />}
      {d.view === 'home' && <HomeView {...d.home} />}
      {d.view === 'invalid' && (
        <div className="container">
          <h1>{t('preview.invalid')}</h1>
          <ul>
            {Object.entries(d.errors).map(([field, messages]) => (
              <li key={field}>
                {field}: {messages.join('; ')}
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}

export { ErrorBoundary } from './not-found.tsx';
