import SaveIcon from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useRevalidator } from 'react-router';
import { areas, enumByValue, personTypes } from '../../../common/enums.ts';
import { t as message } from '../../../common/messages.ts';
import { passwordProblem } from '../../../common/password-policy.ts';
import { person, profileFields } from '../../../common/resources/person.ts';
import { MyActivity } from '../../console/activity-log.tsx';
import { ApiFailure, api } from '../../console/api.ts';
import { FieldInput } from '../../console/fields.tsx';
import type { Row } from '../../console/columns.tsx';
import { bodyOf, useCheck } from '../../console/forms.ts';
import { HistoryButton } from '../../console/history-dialog.tsx';
import { useSession } from '../../console/session.ts';
import { useAction } from '../../console/ui.tsx';
import { useT } from '../../i18n/index.tsx';
import { passwordChanged, twoFactorEnrolled } from '../../lib/session.ts';
import { TwoFactorSection } from '../two-factor.tsx';
import { CampusLinksSection } from '../campus-links.tsx';
import { at } from '../../lib/base.ts';

// SPEC §2 console/profile: one's own record. ID, username and authority are shown but not editable;
// an empty password keeps the current one. The form is checked with the server's `person` schema
// (update mode) before anything is sent; the server applies the page-link rule of SPEC §5. After a
// save the stored login's name and portrait follow, so the drawer shows them at once.

// the profile fields the form sends as edited; on save it adds the enum numbers, a chosen portrait and the
// page editor of the chosen link type (the server sets `link` from it)
const addedOnSave = new Set<string>(['type_num', 'area_num', 'portrait_url', 'link', 'link1', 'link2', 'link3']);
const editable = profileFields.filter((f) => !addedOnSave.has(f));
const pageEditor: Record<number, string> = { 1: 'link1', 2: 'link2', 3: 'link3' };
/** The parts of the form an address may open at (#password, #scholar-ids). */
const jumpTargets = new Set(['password', 'scholar-ids']);

function Section({ title, children, hint, id }: { title: string; children: ReactNode; hint?: string; id?: string }) {
  return (
    <Paper variant="outlined" component="fieldset" id={id} sx={{ p: { xs: 1.5, sm: 2 }, m: 0, mb: 2, minWidth: 0, scrollMarginTop: 72 }}>
      <Typography variant="subtitle1" component="legend" sx={{ fontWeight: 600, px: 0.5 }}>
        {title}
      </Typography>
      {hint && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {hint}
        </Typography>
      )}
      {children}
    </Paper>
  );
}

const grid = { display: 'grid', columnGap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } } as const;

export default function ProfileScreen() {
  const { t, lang } = useT();
  const session = useSession();
  const check = useCheck();
  const { busy: saving, run } = useAction();
  // a refusal the server gives per field is shown beside the field too
  const showRefusal = (e: unknown) => {
    if (e instanceof ApiFailure && e.fields) setErrors(Object.fromEntries(Object.entries(e.fields).map(([k, ms]) => [k, ms.join('; ')])));
  };
  const queryClient = useQueryClient();
  const revalidator = useRevalidator();
  const path = `/api/people/?uid=${encodeURIComponent(session.uid)}`;
  const profile = useQuery({ queryKey: ['profile', session.uid], queryFn: () => api.get<Row>(path) });
  const [values, setValues] = useState<Row | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // a restored version remounts the form, so fields that keep state of their own start from its values
  const [restores, setRestores] = useState(0);

  useEffect(() => {
    if (profile.data) setValues({ ...profile.data, password: '', password2: '', old_password: '' });
  }, [profile.data]);

  // sent here to change an initial password (PASSWORD_FORM), or to add one's scholarly ids (Find new papers):
  // the form opens at that part, ready to type
  const loaded = values !== null;
  useEffect(() => {
    const part = window.location.hash.slice(1);
    if (!loaded || !jumpTargets.has(part)) return;
    document.getElementById(part)?.scrollIntoView({ block: 'start' });
    document.querySelector<HTMLInputElement>(`#${part} input`)?.focus({ preventScroll: true });
  }, [loaded]);

  // an administrator the site requires two-factor login of reaches nothing else until it is on
  if (session.twoFactorMissing) {
    return (
      <Box sx={{ maxWidth: 1000 }}>
        <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
          {t('console.profile')}
        </Typography>
        <TwoFactorSection
          onEnabled={() => {
            twoFactorEnrolled();
            void revalidator.revalidate();
          }}
        />
      </Box>
    );
  }
  if (profile.isError) {
    return (
      <Typography color="error">
        {profile.error instanceof ApiFailure && profile.error.status === 404 ? t('consoleProfile.notFound') : t('console.failed')}
      </Typography>
    );
  }
  if (!values) return <CircularProgress aria-label={t('console.loading')} />;

  const set = (name: string, v: unknown) => {
    setValues((cur) => (cur ? { ...cur, [name]: v } : cur));
    // a corrected field loses its message; the two passwords are judged together
    setErrors((cur) => {
      const { [name]: _, ...rest } = cur;
      if (name === 'password' || name === 'password2') delete rest.password2;
      if (name === 'password') delete rest.old_password;
      // the password policy as it is typed (common/password-policy.ts; the server judges again)
      const problem =
        name === 'password' && typeof v === 'string' && v !== ''
          ? passwordProblem(v, { username: session.username, names: [values.name_zh, values.name_en] })
          : null;
      if (problem) rest.password = message(lang, problem);
      return rest;
    });
  };

  const field = (name: string, disabled = false) => {
    const def = person.fields[name as keyof typeof person.fields];
    return (
      <FieldInput
        key={name}
        name={name}
        def={def}
        value={values[name]}
        record={values}
        error={errors[name]}
        disabled={disabled}
        onChange={(v) => set(name, v)}
      />
    );
  };

  const linkType = Number(values.link_type ?? 0);
  const editor = pageEditor[linkType];
  const pageLink = linkType === 3 ? String(values.link3 ?? '') : `/people/${String(values.username)}`;

  async function save() {
    if (!values) return;
    const fields: string[] = [...editable];
    if (editor) fields.push(editor);
    // an unchosen portrait stays as it is; an empty entrance year is left unchanged
    if (values.portrait_url instanceof File) fields.push('portrait_url');
    const body = bodyOf(person, values, fields);
    if (body.entrance === '' || body.entrance === null) delete body.entrance;
    const type = enumByValue(personTypes, String(values.type ?? ''));
    const area = enumByValue(areas, String(values.area ?? ''));
    if (type) body.type_num = type.num;
    if (area) body.area_num = area.num;
    const problems = check(person, 'update', body, {
      heading: t('consoleProfile.fixErrors'),
      name: (f) => person.fields[f as keyof typeof person.fields]?.label[lang] ?? f,
    });
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    await run(
      async () => {
        await api.send('PUT', path, body);
        if (body.password) passwordChanged();
        await readAgain();
      },
      () => t('console.modified'),
      showRefusal,
    );
  }

  /** The stored record read again after a save or a restored version. */
  async function readAgain() {
    const fresh = await api.get<Row>(path);
    queryClient.setQueryData(['profile', session.uid], fresh);
    setValues({ ...fresh, password: '', password2: '', old_password: '' });
    // the stored login (SPEC §3) follows the new name and portrait; the drawer reads it again
    localStorage.setItem('name', String(fresh.name_zh ?? ''));
    localStorage.setItem('name_en', String(fresh.name_en ?? ''));
    if (typeof fresh.portrait_url === 'string' && fresh.portrait_url) localStorage.setItem('portrait', fresh.portrait_url);
    window.dispatchEvent(new Event('lab-session'));
    await revalidator.revalidate();
  }

  return (
    <>
      <Box
        key={restores}
        component="form"
        noValidate
        aria-label={t('console.profile')}
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
        sx={{ maxWidth: 1000 }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}>
          <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
            {t('console.profile')}
          </Typography>
          {/* one's own fields: the server restores no others for a member */}
          <HistoryButton
            res={person}
            id={Number(values.pid)}
            fields={profileFields}
            onRestored={async () => {
              setErrors({});
              await readAgain();
              setRestores((n) => n + 1);
            }}
          />
        </Box>

        <Section title={t('consoleProfile.basics')}>
          <Box sx={grid}>
            {field('uid', true)}
            {field('username', true)}
            {field('name_zh')}
            {field('name_en')}
            {field('type')}
            {field('entrance')}
            {field('area')}
            {field('authority', true)}
          </Box>
        </Section>

        <Section id="password" title={t('consoleProfile.password')} hint={t('consoleProfile.passwordHint')}>
          {session.mustChangePassword && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {t('consoleProfile.mustChange')}
            </Alert>
          )}
          <Box sx={grid}>
            {field('old_password')}
            <span />
            {field('password')}
            {field('password2')}
          </Box>
        </Section>

        <Section title={t('consoleProfile.contact')}>
          <Box sx={grid}>
            {field('email')}
            {field('phone')}
            {field('location_zh')}
            {field('location_en')}
          </Box>
        </Section>

        <Section title={t('consoleProfile.intro')}>
          <Box sx={grid}>
            {field('description_zh')}
            {field('description_en')}
          </Box>
        </Section>

        <Section title={t('consoleProfile.portrait')}>{field('portrait_url')}</Section>

        <Section id="scholar-ids" title={t('consoleProfile.scholarIds')} hint={t('consoleProfile.scholarIdsHint')}>
          <Box sx={grid}>
            {field('orcid')}
            {field('openalex')}
            {field('dblp')}
          </Box>
        </Section>

        <Section title={t('consoleProfile.page')}>
          <Box sx={{ maxWidth: 420 }}>{field('link_type')}</Box>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {linkType === 0 ? (
              t('consoleProfile.pageNone')
            ) : (
              <>
                {t('consoleProfile.pageLink')}
                {pageLink && (
                  <Link href={at(pageLink)} target="_blank" rel="noopener">
                    {pageLink}
                  </Link>
                )}
              </>
            )}
          </Typography>
          {editor && field(editor)}
        </Section>

        <Box sx={{ position: 'sticky', bottom: 0, py: 1.5, bgcolor: 'background.default', display: 'flex', gap: 1, zIndex: 1 }}>
          <Button type="submit" variant="contained" startIcon={<SaveIcon />} disabled={saving}>
            {saving ? t('consoleProfile.saving') : t('console.save')}
          </Button>
        </Box>
      </Box>
      <Box sx={{ maxWidth: 1000, mt: 2 }}>
        <TwoFactorSection />
        <CampusLinksSection />
        <MyActivity />
      </Box>
    </>
  );
}
