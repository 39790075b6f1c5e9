import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import CardMedia from '@mui/material/CardMedia';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { pageDataContext } from '#page-context';
import { PageHeader } from '../../components/page-header.tsx';
import { paths } from '../../lib/paths.ts';
import { seo } from '../../lib/seo.ts';
import type { Route } from './+types/news.ts';

export async function loader({ context }: Route.LoaderArgs) {
  const data = context.get(pageDataContext);
  return { lang: data.lang, origin: data.origin, articles: await data.articles() };
}

export function meta({ loaderData: data }: Route.MetaArgs) {
  if (!data) return [];
  const zh = data.lang === 'zh';
  return seo({ title: zh ? '新闻' : 'News', description: zh ? '实验室的文章、研讨会纪要、论文阅读与技术教程。' : 'Articles, seminar notes, paper readings and tutorials from the lab.', origin: data.origin, path: paths.news(), lang: data.lang });
}

export default function News({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { articles } = loaderData;
  return (
    <>
      <PageHeader title={t('news.title')} subtitle={t('news.description')} />
      <Container>
        {articles.length === 0 && <Typography color="text.secondary">{t('news.empty')}</Typography>}
        <Grid container spacing={3}>
          {articles.map((a) => (
            <Grid key={String(a.aid)} size={{ xs: 12, sm: 6, md: 4 }}>
              <Card variant="outlined" sx={{ height: '100%' }}>
                <CardActionArea component="a" href={paths.article(String(a.aid))} target="_blank" rel="noopener" sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch', justifyContent: 'flex-start' }}>
                  {a.image_url ? <CardMedia component="img" image={`${String(a.image_url)}`} alt="" width={800} height={450} loading="lazy" sx={{ aspectRatio: '16 / 9', objectFit: 'cover', height: 'auto' }} /> : null}
                  <CardContent>
                    <Typography variant="h3" component="h2" gutterBottom>
                      {String(a.title)}
                      <span style={{ position: 'absolute', left: -9999 }}>{t('news.opensNewTab')}</span>
                    </Typography>
                    <Typography variant="body2" color="text.secondary" component="time" dateTime={String(a.time3 ?? '')}>
                      {String(a.time3 ?? '').slice(0, 10)}
                    </Typography>
                  </CardContent>
                </CardActionArea>
              </Card>
            </Grid>
          ))}
        </Grid>
      </Container>
    </>
  );
}
