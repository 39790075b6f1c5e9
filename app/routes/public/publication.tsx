import CodeIcon from '@mui/icons-material/Code';
import ChatIcon from '@mui/icons-material/Forum';
import VideoIcon from '@mui/icons-material/OndemandVideo';
import PdfIcon from '@mui/icons-material/PictureAsPdf';
import SlidesIcon from '@mui/icons-material/Slideshow';
import DatasetIcon from '@mui/icons-material/Storage';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { pageDataContext } from '#page-context';
import { areas, enumLabel } from '../../../common/enums.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { paths } from '../../lib/paths.ts';
import { isAll, searchOf, selectAll, selectionFrom, toggleArea } from '../../lib/publication-filter.ts';
import { seo } from '../../lib/seo.ts';
import type { Route } from './+types/publication.ts';

export async function loader({ context }: Route.LoaderArgs) {
  const data = context.get(pageDataContext);
  return { lang: data.lang, origin: data.origin, publications: await data.publications() };
}

export function meta({ loaderData: data }: Route.MetaArgs) {
  if (!data) return [];
  const zh = data.lang === 'zh';
  return seo({ title: zh ? '论文' : 'Publications', description: zh ? '实验室发表的论文、专著与专利。' : 'Papers, monographs and patents of the lab.', origin: data.origin, path: paths.publication(), lang: data.lang });
}

export default function Publications({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang, publications } = loaderData;
  const [search] = useSearchParams();
  // the areas found in the list, in the order of the enumeration
  const found = areas.map((a) => a.num).filter((n) => publications.some((p) => p.area_num === n));
  const selection = selectionFrom(search, found);
  const shown = isAll(selection) ? publications : publications.filter((p) => selection.includes(Number(p.area_num)));
  const filterLink = (next: number[]) => `${paths.publication()}${searchOf(next)}`;

  return (
    <>
      <PageHeader title={t('publication.title')} subtitle={t('publication.description')} />
      <Container>
        <Box component="nav" aria-label={t('publication.filter')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 3 }}>
          <Chip label={t('publication.all')} component={RouterLink} to={filterLink(selectAll())} replace preventScrollReset clickable color={isAll(selection) ? 'primary' : 'default'} variant={isAll(selection) ? 'filled' : 'outlined'} aria-pressed={isAll(selection)} />
          {found.map((num) => {
            const on = selection.includes(num);
            const label = enumLabel(areas, areas.find((a) => a.num === num)?.value ?? '', lang);
            return <Chip key={num} label={label} component={RouterLink} to={filterLink(toggleArea(selection, num))} replace preventScrollReset clickable color={on ? 'primary' : 'default'} variant={on ? 'filled' : 'outlined'} aria-pressed={on} />;
          })}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('publication.count', { count: shown.length })}
        </Typography>
        {shown.length === 0 && <Typography color="text.secondary">{t('publication.empty')}</Typography>}
        <Box component="ol" reversed sx={{ pl: { xs: 4, sm: 5 }, m: 0 }}>
          {shown.map((p) => {
            const icons: [string, string, ReactElement][] = [];
            if (p.file1_url) icons.push([t('publication.pdf'), String(p.file1_url), <PdfIcon key="pdf" fontSize="small" />]);
            if (p.file2_url) icons.push([t('publication.slides'), String(p.file2_url), <SlidesIcon key="slides" fontSize="small" />]);
            if (p.file3_url) icons.push([t('publication.dataset'), String(p.file3_url), <DatasetIcon key="data" fontSize="small" />]);
            if (p.link3) icons.push([t('publication.wechat'), String(p.link3), <ChatIcon key="wechat" fontSize="small" />]);
            if (p.link2) icons.push([t('publication.code'), String(p.link2), <CodeIcon key="code" fontSize="small" />]);
            if (p.link4) icons.push([t('publication.video'), String(p.link4), <VideoIcon key="video" fontSize="small" />]);
            const authors = Array.isArray(p.author) ? (p.author as string[]).join(', ') : String(p.author ?? '');
            return (
              <Box component="li" key={String(p.pid)} sx={{ mb: 2.5, pl: 1 }}>
                <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600, lineHeight: 1.4 }}>
                  {p.link1 ? (
                    <Link href={String(p.link1)} target="_blank" rel="noopener" underline="hover">
                      {String(p.title)}
                    </Link>
                  ) : (
                    String(p.title)
                  )}
                </Typography>
                <Typography variant="body2">{authors}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {String(p.source)} · {String(p.year)} · {enumLabel(areas, String(p.area), lang)}
                </Typography>
                {icons.length > 0 && (
                  <Stack direction="row" spacing={0.5} sx={{ mt: 0.5 }}>
                    {icons.map(([label, href, icon]) => (
                      <Tooltip key={label} title={label}>
                        <IconButton component="a" href={href} target="_blank" rel="noopener" size="small" aria-label={`${label}: ${String(p.title)}`} color="primary">
                          {icon}
                        </IconButton>
                      </Tooltip>
                    ))}
                  </Stack>
                )}
              </Box>
            );
          })}
        </Box>
      </Container>
    </>
  );
}
