import { Link } from 'react-router';
import { type PageData, pageDataContext } from '#page-context';
import type { Lang } from '../../../common/enums.ts';
import { pick } from '../../../common/lang.ts';
import type { PublicShowcase } from '../../../common/wire.ts';
import { Carousel } from '../../components/carousel.tsx';
import { RichHtml } from '../../components/rich-html.tsx';
import { PublicCard } from '../../components/public-card.tsx';
import { NewsEntry } from '../../components/news-entry.tsx';
import { useT } from '../../i18n/index.tsx';
import { paths } from '../../../common/paths.ts';
import { seo } from '../../lib/seo.ts';
import type { Route } from './+types/home.ts';
import { responsive } from '../../lib/images.ts';
import { organizationLd, seminarLd } from '../../lib/structured-data.ts';
import { at } from '../../lib/base.ts';

export async function loader({ context }: Route.LoaderArgs) {
  return loadHome(context.get(pageDataContext));
}

/** What the home page shows; a preview of a news item or a seminar (preview.tsx) shows it with that record. */
export async function loadHome(data: PageData) {
  const [site, carousel, news, seminar, tools, projects, notices] = await Promise.all([
    data.siteWithIntro(),
    data.showcase('carousel'),
    data.news(6),
    data.latestSeminar(),
    data.showcase('tool'),
    data.showcase('project'),
    // the declared resources' lines while they have public records ("we are recruiting")
    data.declaredHome(),
  ]);
  return { lang: data.lang, origin: data.origin, forced: data.forced, site, carousel, news, seminar, tools, projects, notices };
}

export function meta({ loaderData: data }: Route.MetaArgs) {
  if (!data) return [];
  const name = pick(data.site.lab_name_zh, data.site.lab_name_en, data.lang);
  return [
    ...seo({ title: name, lab: name, description: data.site.intro_text || name, origin: data.origin, path: '/', lang: data.lang, forced: data.forced }),
    organizationLd(data.site, data.origin, data.lang),
    ...(data.seminar ? [seminarLd(data.seminar, data.origin, data.site, data.lang)] : []),
  ];
}

function ShowcaseCard({ item, lang }: { item: PublicShowcase; lang: Lang }) {
  return (
    <PublicCard href={item.link} newTab={item.link.startsWith('http')} image={item.image_url}>
      <h3>{pick(item.title_zh, item.title_en, lang)}</h3>
      <p className="muted small">{pick(item.description_zh, item.description_en, lang)}</p>
    </PublicCard>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return <HomeView {...loaderData} />;
}

export function HomeView(props: Awaited<ReturnType<typeof loadHome>>) {
  const { t } = useT();
  const { lang, origin, site, carousel, news, seminar, tools, projects, notices } = props;
  const name = pick(site.lab_name_zh, site.lab_name_en, lang);
  const heroItems = carousel.map((c, i) => {
    const title = pick(c.title_zh, c.title_en, lang);
    const img = (
      <img
        {...responsive(c.image_url ?? '', 780)}
        sizes="(min-width: 900px) min(780px, 50vw), 100vw"
        alt={title}
        width={780}
        height={439}
        loading={i === 0 ? 'eager' : 'lazy'}
        fetchPriority={i === 0 ? 'high' : 'auto'}
      />
    );
    return (
      <>
        {c.link ? <a href={at(c.link)}>{img}</a> : img}
        <p className="caption">{title}</p>
      </>
    );
  });

  return (
    <>
      <section className="hero">
        <div className="container">
          <div className="hero-text">
            <h1>{name}</h1>
            <p>{lang === 'zh' ? site.lab_name_en : site.lab_name_zh}</p>
            {notices.map((n) => (
              <p key={n.key} className="home-notice">
                <a href={at(n.href)}>
                  {n.label} · {t('declared.recruiting')} →
                </a>
              </p>
            ))}
          </div>
          {heroItems.length > 0 && (
            <div className="hero-carousel">
              <Carousel items={heroItems} mode="fade" delay={5000} speed={2000} label={name} />
            </div>
          )}
        </div>
      </section>

      <div className="container">
        <div className="two-col section">
          <section>
            <h2>{t('home.intro')}</h2>
            <RichHtml html={site.intro_html} />
          </section>
          <section>
            <h2>{t('home.seminar')}</h2>
            {seminar ? (
              <div className="card seminar">
                <div className="card-body">
                  <h3>{pick(seminar.title_zh, seminar.title_en, lang)}</h3>
                  <p>
                    {t('home.speaker')}
                    {t('colon')}
                    {pick(seminar.speaker_zh, seminar.speaker_en, lang)}
                    {pick(seminar.ins_zh, seminar.ins_en, lang) && ` (${pick(seminar.ins_zh, seminar.ins_en, lang)})`}
                  </p>
                  <p>
                    {t('home.time')}
                    {t('colon')}
                    <time dateTime={seminar.date}>{seminar.date}</time> {seminar.start}–{seminar.end}
                  </p>
                  <p>
                    {t('home.room')}
                    {t('colon')}
                    {seminar.room_type_str} {seminar.room_id}
                  </p>
                  {pick(seminar.host_zh, seminar.host_en, lang) && (
                    <p>
                      {t('home.host')}
                      {t('colon')}
                      {pick(seminar.host_zh, seminar.host_en, lang)}
                    </p>
                  )}
                  {seminar.live_link && (
                    <p>
                      <a href={at(seminar.live_link)} target="_blank" rel="noopener">
                        {t('home.live')}
                      </a>
                    </p>
                  )}
                  <p className="muted small" style={{ marginTop: 8 }}>
                    {pick(seminar.abstract_zh, seminar.abstract_en, lang).slice(0, 240)}
                  </p>
                  <p className="small">
                    <a href={paths.seminarSubscription(origin)}>{t('home.subscribe')}</a> (<a href={at(paths.seminarFeed())}>.ics</a>)
                  </p>
                </div>
              </div>
            ) : (
              <p className="muted">{t('home.noSeminar')}</p>
            )}
          </section>
        </div>

        <section className="section">
          <h2>{t('home.news')}</h2>
          {news.length === 0 ? (
            <p className="muted">{t('home.noNews')}</p>
          ) : (
            <ol className="timeline">
              {news.map((n) => (
                <NewsEntry key={n.nid} item={n} />
              ))}
            </ol>
          )}
          <Link to={paths.newsArchive()}>{t('home.moreNews')} →</Link>
        </section>

        {tools.length > 0 && (
          <section className="section">
            <h2>{t('home.tools')}</h2>
            <Carousel
              mode="slide"
              delay={3000}
              speed={1000}
              label={t('home.tools')}
              items={tools.map((item) => <ShowcaseCard key={item.cid} item={item} lang={lang} />)}
            />
          </section>
        )}
        {projects.length > 0 && (
          <section className="section">
            <h2>{t('home.projects')}</h2>
            <Carousel
              mode="slide"
              delay={3000}
              speed={1000}
              label={t('home.projects')}
              items={projects.map((item) => <ShowcaseCard key={item.cid} item={item} lang={lang} />)}
            />
          </section>
        )}
      </div>
    </>
  );
}
