import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { pageDataContext } from '#page-context';
import { pick } from '../../../common/lang.ts';
import { Carousel } from '../../components/carousel.tsx';
import { RichHtml } from '../../components/rich-html.tsx';
import { paths } from '../../lib/paths.ts';
import { seo } from '../../lib/seo.ts';
import type { Route } from './+types/home.ts';

export async function loader({ context }: Route.LoaderArgs) {
  const data = context.get(pageDataContext);
  const [site, carousel, news, seminar, tools, projects] = await Promise.all([
    data.siteWithIntro(),
    data.showcase('carousel'),
    data.news(6),
    data.latestSeminar(),
    data.showcase('tool'),
    data.showcase('project'),
  ]);
  return { lang: data.lang, origin: data.origin, site, carousel, news, seminar, tools, projects };
}

export function meta({ loaderData: data }: Route.MetaArgs) {
  if (!data) return [];
  const name = pick(data.site.lab_name_zh, data.site.lab_name_en, data.lang);
  return seo({ title: name, description: data.site.intro_text || name, origin: data.origin, path: '/', lang: data.lang });
}

type Item = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v : '');

function ShowcaseCard({ item, lang }: { item: Item; lang: 'zh' | 'en' }) {
  const title = pick(item.title_zh, item.title_en, lang);
  const link = str(item.link);
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardActionArea component="a" href={link || undefined} target={link.startsWith('http') ? '_blank' : undefined} rel="noopener" sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}>
        {str(item.image_url) && <Box component="img" src={str(item.image_url)} alt="" width={480} height={270} loading="lazy" sx={{ width: '100%', height: 'auto', aspectRatio: '16 / 9', objectFit: 'cover', display: 'block' }} />}
        <CardContent>
          <Typography variant="h3" component="h3" gutterBottom>
            {title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {pick(item.description_zh, item.description_en, lang)}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang, site, carousel, news, seminar, tools, projects } = loaderData;
  const name = pick(site.lab_name_zh, site.lab_name_en, lang);
  const heroItems = carousel.map((c, i) => {
    const title = pick(c.title_zh, c.title_en, lang);
    const img = (
      <Box
        component="img"
        src={str(c.image_url)}
        alt={title}
        width={780}
        height={439}
        loading={i === 0 ? 'eager' : 'lazy'}
        fetchPriority={i === 0 ? 'high' : 'auto'}
        sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
      />
    );
    return (
      <Box key={String(c.cid)} sx={{ position: 'relative', width: '100%', height: '100%' }}>
        {str(c.link) ? <a href={str(c.link)}>{img}</a> : img}
        <Typography sx={{ position: 'absolute', left: 0, right: 0, bottom: 0, p: 1.5, color: 'common.white', background: 'linear-gradient(transparent, rgba(0,0,0,.6))' }}>{title}</Typography>
      </Box>
    );
  });

  return (
    <>
      <Box sx={{ background: 'linear-gradient(135deg, #0f2a4d 0%, #1e4f91 60%, #2f7d6d 100%)', color: 'common.white', pt: { xs: 10, sm: 12 }, pb: { xs: 4, sm: 6 } }}>
        <Container sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, gap: 4, alignItems: 'center' }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="h1" sx={{ fontSize: { xs: '1.8rem', sm: '2.4rem' } }}>
              {name}
            </Typography>
            <Typography variant="subtitle1" component="p" sx={{ mt: 1, opacity: 0.9 }}>
              {lang === 'zh' ? site.lab_name_en : site.lab_name_zh}
            </Typography>
          </Box>
          {heroItems.length > 0 && (
            <Box sx={{ width: { xs: '100%', md: 'min(780px, 50vw)' }, flexShrink: 0 }}>
              <Carousel items={heroItems} mode="fade" delay={5000} speed={2000} label={name} />
            </Box>
          )}
        </Container>
      </Box>

      <Container sx={{ py: 4 }}>
        <Grid container spacing={4}>
          <Grid size={{ xs: 12, md: 7 }}>
            <Typography variant="h2" gutterBottom>
              {t('home.intro')}
            </Typography>
            <RichHtml html={site.intro_html} />
          </Grid>
          <Grid size={{ xs: 12, md: 5 }}>
            <Typography variant="h2" gutterBottom>
              {t('home.seminar')}
            </Typography>
            {seminar ? (
              <Card variant="outlined">
                <CardContent>
                  <Typography variant="h3" component="h3" gutterBottom>
                    {pick(seminar.title_zh, seminar.title_en, lang)}
                  </Typography>
                  <Typography variant="body2">
                    {t('home.speaker')}: {pick(seminar.speaker_zh, seminar.speaker_en, lang)}
                    {pick(seminar.ins_zh, seminar.ins_en, lang) && ` (${pick(seminar.ins_zh, seminar.ins_en, lang)})`}
                  </Typography>
                  <Typography variant="body2">
                    {t('home.time')}: {str(seminar.date)} {str(seminar.start)}–{str(seminar.end)}
                  </Typography>
                  <Typography variant="body2">
                    {t('home.room')}: {str(seminar.room_type_str)} {str(seminar.room_id)}
                  </Typography>
                  {pick(seminar.host_zh, seminar.host_en, lang) && (
                    <Typography variant="body2">
                      {t('home.host')}: {pick(seminar.host_zh, seminar.host_en, lang)}
                    </Typography>
                  )}
                  {str(seminar.live_link) && (
                    <Link href={str(seminar.live_link)} target="_blank" rel="noopener">
                      {t('home.live')}
                    </Link>
                  )}
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                    {pick(seminar.abstract_zh, seminar.abstract_en, lang).slice(0, 240)}
                  </Typography>
                </CardContent>
              </Card>
            ) : (
              <Typography color="text.secondary">{t('home.noSeminar')}</Typography>
            )}
          </Grid>
        </Grid>

        <Typography variant="h2" sx={{ mt: 5, mb: 2 }}>
          {t('home.news')}
        </Typography>
        {news.length === 0 ? (
          <Typography color="text.secondary">{t('home.noNews')}</Typography>
        ) : (
          <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, borderLeft: '2px solid', borderColor: 'primary.light' }}>
            {news.map((n) => (
              <Box component="li" key={String(n.nid)} sx={{ position: 'relative', pl: 3, pb: 2.5, '&::before': { content: '""', position: 'absolute', left: -7, top: 6, width: 12, height: 12, borderRadius: '50%', bgcolor: n.emphasize ? 'secondary.main' : 'primary.main' } }}>
                <Typography variant="caption" component="time" dateTime={str(n.date)} color="text.secondary">
                  {str(n.date)}
                </Typography>
                {n.emphasize ? <Chip size="small" color="secondary" label="★" sx={{ ml: 1, height: 18 }} /> : null}
                <RichHtml html={pick(n.content_zh, n.content_en, lang)} />
              </Box>
            ))}
          </Box>
        )}
        <Link component={RouterLink} to={paths.news()}>
          {t('home.moreNews')} →
        </Link>

        {tools.length > 0 && (
          <>
            <Typography variant="h2" sx={{ mt: 5, mb: 2 }}>
              {t('home.tools')}
            </Typography>
            <Carousel mode="slide" delay={3000} speed={1000} label={t('home.tools')} items={tools.map((item) => <ShowcaseCard key={String(item.cid)} item={item} lang={lang} />)} />
          </>
        )}
        {projects.length > 0 && (
          <>
            <Typography variant="h2" sx={{ mt: 5, mb: 2 }}>
              {t('home.projects')}
            </Typography>
            <Carousel mode="slide" delay={3000} speed={1000} label={t('home.projects')} items={projects.map((item) => <ShowcaseCard key={String(item.cid)} item={item} lang={lang} />)} />
          </>
        )}
      </Container>
    </>
  );
}
