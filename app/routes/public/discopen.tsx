import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CardMedia from '@mui/material/CardMedia';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { pageDataContext } from '#page-context';
import { pick } from '../../../common/lang.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { paths } from '../../lib/paths.ts';
import { seo } from '../../lib/seo.ts';
import type { Route } from './+types/discopen.ts';

export async function loader({ context }: Route.LoaderArgs) {
  const data = context.get(pageDataContext);
  const [projects, tools] = await Promise.all([data.showcase('project'), data.showcase('tool')]);
  return { lang: data.lang, origin: data.origin, projects, tools };
}

export function meta({ loaderData: data }: Route.MetaArgs) {
  if (!data) return [];
  const zh = data.lang === 'zh';
  return seo({ title: zh ? '开源' : 'Open Source', description: zh ? '实验室的开源项目与标注工具。' : 'Open-source projects and annotation tools of the lab.', origin: data.origin, path: paths.discopen(), lang: data.lang });
}

function Items({ items, lang }: { items: Record<string, unknown>[]; lang: 'zh' | 'en' }) {
  const { t } = useTranslation();
  return (
    <Grid container spacing={3} sx={{ mb: 5 }}>
      {items.map((item) => (
        <Grid key={String(item.cid)} size={{ xs: 12, sm: 6, md: 4 }}>
          <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
            {item.image_url ? <CardMedia component="img" image={String(item.image_url)} alt="" width={480} height={270} loading="lazy" sx={{ aspectRatio: '16 / 9', objectFit: 'cover', height: 'auto' }} /> : null}
            <CardContent sx={{ flexGrow: 1 }}>
              <Typography variant="h3" component="h3" gutterBottom>
                {pick(item.title_zh, item.title_en, lang)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {pick(item.description_zh, item.description_en, lang)}
              </Typography>
            </CardContent>
            {item.link ? (
              <CardActions>
                <Link href={String(item.link)} target="_blank" rel="noopener">
                  {t('discopen.visit')}: {pick(item.title_zh, item.title_en, lang)}
                </Link>
              </CardActions>
            ) : null}
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}

export default function DiscOpen({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang, projects, tools } = loaderData;
  return (
    <>
      <PageHeader title={t('discopen.title')} subtitle={t('discopen.description')} />
      <Container>
        {projects.length === 0 && tools.length === 0 && <Typography color="text.secondary">{t('discopen.empty')}</Typography>}
        {projects.length > 0 && (
          <>
            <Typography variant="h2" gutterBottom>
              {t('discopen.projects')}
            </Typography>
            <Items items={projects} lang={lang} />
          </>
        )}
        {tools.length > 0 && (
          <>
            <Typography variant="h2" gutterBottom>
              {t('discopen.tools')}
            </Typography>
            <Items items={tools} lang={lang} />
          </>
        )}
      </Container>
    </>
  );
}
