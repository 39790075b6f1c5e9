import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import CardMedia from '@mui/material/CardMedia';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { Lang } from '../../common/enums.ts';
import { pick } from '../../common/lang.ts';

/** Cards of the markdown pages of one section (courses, shared tasks), each opening its page. */
export function PageList({ pages, lang, hrefOf, empty }: { pages: Record<string, unknown>[]; lang: Lang; hrefOf: (slug: string) => string; empty: string }) {
  if (pages.length === 0) return <Typography color="text.secondary">{empty}</Typography>;
  return (
    <Grid container spacing={3}>
      {pages.map((p) => (
        <Grid key={String(p.gid)} size={{ xs: 12, sm: 6, md: 4 }}>
          <Card variant="outlined" sx={{ height: '100%' }}>
            <CardActionArea component="a" href={hrefOf(String(p.slug))} sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch', justifyContent: 'flex-start' }}>
              {p.image_url ? <CardMedia component="img" image={String(p.image_url)} alt="" width={480} height={270} loading="lazy" sx={{ aspectRatio: '16 / 9', objectFit: 'cover', height: 'auto' }} /> : null}
              <CardContent>
                <Typography variant="h3" component="h2" gutterBottom>
                  {pick(p.title_zh, p.title_en, lang)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {pick(p.summary_zh, p.summary_en, lang)}
                </Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}
