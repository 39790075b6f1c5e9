import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pageDataContext } from '#page-context';
import { pick } from '../../../common/lang.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { areaLabel, groupPeople, type PublicPerson, personHref, typeLabel } from '../../lib/people.ts';
import { paths } from '../../lib/paths.ts';
import { seo } from '../../lib/seo.ts';
import type { Route } from './+types/people.ts';

// Two tabs, current and former, as links (?tab=former), so each works without JavaScript too.

export async function loader({ context, request }: Route.LoaderArgs) {
  const data = context.get(pageDataContext);
  const tab = new URL(request.url).searchParams.get('tab') === 'former' ? 'former' : 'current';
  return { lang: data.lang, origin: data.origin, tab, people: (await data.people()) as PublicPerson[] };
}

export function meta({ loaderData: data }: Route.MetaArgs) {
  if (!data) return [];
  const zh = data.lang === 'zh';
  return seo({ title: zh ? '成员' : 'People', description: zh ? '实验室的教师、研究人员与学生。' : 'Faculty, researchers and students of the lab.', origin: data.origin, path: paths.people(), lang: data.lang });
}

function CardLink({ person, children }: { person: PublicPerson; children: ReactNode }) {
  const href = personHref(person);
  if (!href) return <>{children}</>;
  const external = person.link_type === 3;
  return (
    <CardActionArea component="a" href={href} {...(external ? { target: '_blank', rel: 'noopener' } : {})} sx={{ height: '100%', alignItems: 'flex-start', display: 'flex', flexDirection: 'column' }}>
      {children}
    </CardActionArea>
  );
}

export default function People({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang, tab, people } = loaderData;
  const current = tab === 'current';
  const groups = groupPeople(people, current);
  const name = (p: PublicPerson) => pick(p.name_zh, p.name_en, lang);

  return (
    <>
      <PageHeader title={t('people.title')} subtitle={t('people.description')} />
      <Container>
        <Tabs value={tab} sx={{ mb: 3 }} aria-label={t('people.title')}>
          <Tab value="current" label={t('people.current')} component={Link} to={paths.people()} preventScrollReset />
          <Tab value="former" label={t('people.former')} component={Link} to={`${paths.people()}?tab=former`} preventScrollReset />
        </Tabs>
        {groups.length === 0 && <Typography color="text.secondary">{t('people.empty')}</Typography>}
        {groups.map((g) => (
          <Box component="section" key={g.key} sx={{ mb: 5 }}>
            <Typography variant="h2" gutterBottom>
              {t(`people.${g.key}`)}
            </Typography>
            <Grid container spacing={2}>
              {g.people.map((p) => {
                const teacher = current && g.key === 'teachers';
                const wide = teacher || !current;
                const description = pick(p.description_zh, p.description_en, lang);
                return (
                  <Grid key={p.pid} size={wide ? { xs: 12, md: 6 } : { xs: 6, sm: 4, md: 3 }}>
                    <Card variant="outlined" sx={{ height: '100%' }}>
                      <CardLink person={p}>
                        <CardContent sx={{ display: 'flex', gap: 2, flexDirection: wide ? 'row' : 'column', alignItems: wide ? 'flex-start' : 'center', textAlign: wide ? 'left' : 'center', width: '100%' }}>
                          <Avatar src={String(p.portrait_url)} alt="" sx={{ width: wide ? 96 : 88, height: wide ? 96 : 88 }} slotProps={{ img: { loading: 'lazy', width: 96, height: 96 } }} />
                          <Box sx={{ minWidth: 0 }}>
                            <Typography variant="h3" component="h3">
                              {name(p)}
                            </Typography>
                            <Typography variant="body2" color="text.secondary">
                              {typeLabel(p.type, lang)}
                              {!teacher && p.entrance ? ` · ${t('people.entrance', { year: p.entrance })}` : ''}
                            </Typography>
                            {areaLabel(p.area, lang) && (
                              <Typography variant="body2" color="text.secondary">
                                {areaLabel(p.area, lang)}
                              </Typography>
                            )}
                            {wide && description && (
                              <Typography variant="body2" sx={{ mt: 1 }}>
                                {description}
                              </Typography>
                            )}
                          </Box>
                        </CardContent>
                      </CardLink>
                    </Card>
                  </Grid>
                );
              })}
            </Grid>
          </Box>
        ))}
      </Container>
    </>
  );
}
