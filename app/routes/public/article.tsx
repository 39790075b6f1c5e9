import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { data as dataResponse } from 'react-router';
import { pageDataContext } from '#page-context';
import { RichHtml } from '../../components/rich-html.tsx';
import { paths } from '../../lib/paths.ts';
import { seo } from '../../lib/seo.ts';
import type { Route } from './+types/article.ts';

// /news/{aid}, /news/{slug} and /blog/{slug}: one published article. With three or more headings it
// gets the side table of contents; its entries are plain #links, so they scroll even without JavaScript.

export async function loader({ context, params }: Route.LoaderArgs) {
  const data = context.get(pageDataContext);
  const found = await data.article(params.word);
  if (!found) throw dataResponse({ lang: data.lang }, { status: 404 });
  return { lang: data.lang, origin: data.origin, ...found };
}

export function meta({ loaderData: data }: Route.MetaArgs) {
  if (!data) return [];
  const a = data.article;
  return seo({ title: String(a.title), description: String(a.abstract ?? ''), origin: data.origin, path: paths.article(String(a.aid)), lang: data.lang, image: (a.image_url as string) || null, type: 'article' });
}

export default function Article({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { article: a, html } = loaderData;
  const toc = loaderData.toc.filter((e) => e.depth <= 3);
  const withToc = toc.length >= 3;
  const authors = (a.authors as string[]) ?? [];
  const editors = (a.editors as string[]) ?? [];
  return (
    <Container sx={{ py: 4, display: 'flex', gap: 4, alignItems: 'flex-start' }}>
      <Box component="article" sx={{ flex: 1, minWidth: 0, maxWidth: 820, mx: withToc ? 0 : 'auto' }}>
        <Typography variant="h1" gutterBottom>
          {String(a.title)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('article.published')} <time dateTime={String(a.time3 ?? '')}>{String(a.time3 ?? '').slice(0, 10)}</time>
        </Typography>
        {authors.length > 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('article.authors')}: {authors.join(', ')}
          </Typography>
        )}
        {editors.length > 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('article.editors')}: {editors.join(', ')}
          </Typography>
        )}
        {a.abstract ? (
          <Typography sx={{ my: 2, p: 2, bgcolor: '#f3f5f8', borderRadius: 1 }} component="p">
            {String(a.abstract)}
          </Typography>
        ) : null}
        <RichHtml html={html} />
      </Box>
      {withToc && (
        <Box component="nav" aria-label={t('article.toc')} sx={{ display: { xs: 'none', md: 'block' }, position: 'sticky', top: 88, width: 240, flexShrink: 0, maxHeight: 'calc(100vh - 120px)', overflowY: 'auto' }}>
          <Typography variant="subtitle2" component="h2" gutterBottom>
            {t('article.toc')}
          </Typography>
          <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {toc.map((e) => (
              <Box component="li" key={e.id} sx={{ pl: (e.depth - 1) * 1.5, py: 0.5 }}>
                <Link
                  href={`#${e.id}`}
                  underline="hover"
                  variant="body2"
                  onClick={(ev) => {
                    const target = document.getElementById(e.id);
                    if (!target) return;
                    ev.preventDefault();
                    target.scrollIntoView({ behavior: 'smooth', block: 'start' });
                    history.replaceState(null, '', `#${e.id}`);
                  }}
                >
                  {e.text}
                </Link>
              </Box>
            ))}
          </Box>
        </Box>
      )}
    </Container>
  );
}

export { ErrorBoundary } from './not-found.tsx';
