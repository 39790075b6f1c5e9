import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { data as dataResponse, redirect } from 'react-router';
import { pageDataContext } from '#page-context';
import { pick } from '../../../common/lang.ts';
import { RichHtml } from '../../components/rich-html.tsx';
import { areaLabel, typeLabel } from '../../lib/people.ts';
import { paths } from '../../lib/paths.ts';
import { seo } from '../../lib/seo.ts';
import type { Route } from './+types/person.ts';

// /people/{username}[/…]: a personal page. link_type 1 renders markdown, 2 sanitized HTML; 3 sends the
// visitor to the person's own page; 0 has no page.

export async function loader({ context, params }: Route.LoaderArgs) {
  const data = context.get(pageDataContext);
  const [found, site] = await Promise.all([data.person(params.username), data.site()]);
  const person = found?.person;
  if (!found || !person || person.link_type === 0) throw dataResponse({ lang: data.lang }, { status: 404 });
  if (person.link_type === 3 && typeof person.link === 'string' && /^https?:\/\//.test(person.link)) throw redirect(person.link, 302);
  return { lang: data.lang, origin: data.origin, person, html: found.html, labName: pick(site.lab_name_zh, site.lab_name_en, data.lang) };
}

export function meta({ loaderData: data }: Route.MetaArgs) {
  if (!data) return [];
  const p = data.person;
  return seo({
    // SPEC §2: the lab name plus the person's English name
    title: `${data.labName} - ${String(p.name_en)}`,
    description: pick(p.description_zh, p.description_en, data.lang) || `${String(p.name_en)} · ${data.labName}`,
    origin: data.origin,
    path: paths.person(String(p.username)),
    lang: data.lang,
    image: String(p.portrait_url ?? ''),
    type: 'profile',
  });
}

export default function Person({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang, person: p, html } = loaderData;
  const location = pick(p.location_zh, p.location_en, lang);
  return (
    <Container sx={{ py: 4 }}>
      <Box sx={{ display: 'flex', gap: 3, flexDirection: { xs: 'column', sm: 'row' }, alignItems: { xs: 'center', sm: 'flex-start' }, mb: 4 }}>
        <Box component="img" src={String(p.portrait_url)} alt={pick(p.name_zh, p.name_en, lang)} width={150} height={150} sx={{ width: 150, height: 150, objectFit: 'cover', borderRadius: 1, flexShrink: 0 }} />
        <Box sx={{ textAlign: { xs: 'center', sm: 'left' } }}>
          <Typography variant="h1">{pick(p.name_zh, p.name_en, lang)}</Typography>
          <Typography color="text.secondary">{lang === 'zh' ? String(p.name_en) : String(p.name_zh)}</Typography>
          <Typography sx={{ mt: 1 }}>
            {t('person.type')}: {typeLabel(p.type, lang)}
          </Typography>
          {areaLabel(p.area, lang) && (
            <Typography>
              {t('person.area')}: {areaLabel(p.area, lang)}
            </Typography>
          )}
          {p.email ? (
            <Typography>
              {t('person.email')}: <Link href={`mailto:${String(p.email)}`}>{String(p.email)}</Link>
            </Typography>
          ) : null}
          {location && (
            <Typography>
              {t('person.location')}: {location}
            </Typography>
          )}
          {p.link_type === 3 && typeof p.link === 'string' && (
            <Link href={p.link} rel="noopener">
              {t('person.visit', { name: pick(p.name_zh, p.name_en, lang) })}
            </Link>
          )}
        </Box>
      </Box>
      {html && <RichHtml html={html} />}
    </Container>
  );
}

export { ErrorBoundary } from './not-found.tsx';
