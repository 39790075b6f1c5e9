import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import SaveIcon from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useOutletContext, useSearchParams } from 'react-router';
import { enumLabel, type Lang, pageSections, showcaseKinds } from '../../../common/enums.ts';
import { pick } from '../../../common/lang.ts';
import { page } from '../../../common/resources/page.ts';
import { showcase } from '../../../common/resources/showcase.ts';
import { site } from '../../../common/resources/site.ts';
import { api, ApiFailure } from '../../console/api.ts';
import { FieldInput } from '../../console/fields.tsx';
import { bodyOf, ResourceScreen, type Row, validate } from '../../console/resource-screen.tsx';
import { useConfirm, useNotify } from '../../console/ui.tsx';
import { type TextKey, useT } from '../../i18n/index.tsx';
import { paths } from '../../lib/paths.ts';
import type { StoredSession } from '../../lib/session.ts';

// The public site's own records (docs/site-content.md), for administrators: course and shared-task
// pages, the home page's showcase items (both through the generic table and editor) and the one site
// settings record (lab names, intro, footer, console titles), saved with PUT /api/site/ as an update.

const TABS = ['pages', 'showcase', 'settings'] as const;
type TabKey = (typeof TABS)[number];

export default function SiteScreen() {
  const { t } = useT();
  const { session } = useOutletContext<{ session: StoredSession }>();
  const [params, setParams] = useSearchParams();
  const wanted = params.get('tab');
  const tab: TabKey = (TABS as readonly string[]).includes(wanted ?? '') ? (wanted as TabKey) : 'pages';

  if (session.authority !== 'admin') {
    return (
      <Box>
        <Typography variant="h5" component="h1" gutterBottom>
          {t('consoleSite.title')}
        </Typography>
        <Alert severity="info">{t('consoleSite.adminOnly')}</Alert>
      </Box>
    );
  }

  return (
    <Box>
      <Tabs
        value={tab}
        onChange={(_, v: TabKey) => setParams(v === 'pages' ? {} : { tab: v }, { replace: true })}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label={t('consoleSite.title')}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {TABS.map((key) => (
          <Tab key={key} value={key} label={t(`consoleSite.${key}`)} id={`site-tab-${key}`} aria-controls="site-panel" />
        ))}
      </Tabs>
      <Box role="tabpanel" id="site-panel" aria-labelledby={`site-tab-${tab}`}>
        {tab === 'pages' && <PagesPanel />}
        {tab === 'showcase' && <ShowcasePanel />}
        {tab === 'settings' && <SettingsPanel />}
      </Box>
    </Box>
  );
}

function Released({ row }: { row: Row }) {
  const { t } = useT();
  return row.release ? (
    <Chip size="small" color="success" variant="outlined" label={t('consoleSite.released')} />
  ) : (
    <Chip size="small" label={t('consoleSite.unreleased')} />
  );
}

function PagesPanel() {
  const { t, lang } = useT();
  const f = page.fields;
  const l = lang as Lang;
  return (
    <ResourceScreen
      res={page}
      title={t('consoleSite.pages')}
      layout="dialog"
      newRecord={() => ({ section: 'course' })}
      fields={['section', 'slug', 'title_zh', 'title_en', 'summary_zh', 'summary_en', 'markdown_zh', 'markdown_en', 'image_url', 'link', 'order', 'release']}
      columns={[
        { key: 'section', label: f.section.label[l], render: (r) => enumLabel(pageSections, String(r.section), l) },
        {
          key: 'slug',
          label: f.slug.label[l],
          render: (r) => {
            const slug = String(r.slug ?? '');
            const href = r.section === 'sharedtask' ? paths.sharedtaskItem(slug) : paths.course(slug);
            return (
              <Link href={href} target="_blank" rel="noopener" title={t('consoleSite.open')} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
                {slug}
                <OpenInNewIcon sx={{ fontSize: 14 }} />
              </Link>
            );
          },
        },
        { key: 'title', label: t('consoleSite.pageTitle'), render: (r) => pick(r.title_zh, r.title_en, l), title: true },
        { key: 'order', label: f.order.label[l] },
        { key: 'release', label: t('console.status'), render: (r) => <Released row={r} /> },
      ]}
    />
  );
}

function ShowcasePanel() {
  const { t, lang } = useT();
  const f = showcase.fields;
  const l = lang as Lang;
  return (
    <ResourceScreen
      res={showcase}
      title={t('consoleSite.showcase')}
      layout="dialog"
      newRecord={() => ({ kind: 'carousel' })}
      fields={['kind', 'title_zh', 'title_en', 'description_zh', 'description_en', 'image_url', 'link', 'order', 'release']}
      columns={[
        { key: 'kind', label: f.kind.label[l], render: (r) => enumLabel(showcaseKinds, String(r.kind), l) },
        { key: 'title', label: t('consoleSite.pageTitle'), render: (r) => pick(r.title_zh, r.title_en, l), title: true },
        {
          key: 'image_url',
          label: t('consoleSite.image'),
          render: (r) =>
            typeof r.image_url === 'string' && r.image_url ? (
              <Box
                component="img"
                src={r.image_url}
                alt=""
                loading="lazy"
                sx={{ display: 'block', width: 96, height: 54, objectFit: 'cover', borderRadius: 0.5, bgcolor: '#eee' }}
              />
            ) : (
              '—'
            ),
        },
        {
          key: 'link',
          label: f.link.label[l],
          render: (r) =>
            typeof r.link === 'string' && r.link ? (
              <Link href={r.link} target="_blank" rel="noopener" sx={{ wordBreak: 'break-all' }}>
                {r.link}
              </Link>
            ) : (
              '—'
            ),
        },
        { key: 'order', label: f.order.label[l] },
        { key: 'release', label: t('console.status'), render: (r) => <Released row={r} /> },
      ]}
    />
  );
}

/** The settings form's fields, in groups (every declared field once). */
const groups: { key: 'labName' | 'intro' | 'contact' | 'consoleTitles'; fields: (keyof typeof site.fields)[]; wide?: boolean; hint?: TextKey }[] = [
  { key: 'labName', fields: ['lab_name_zh', 'lab_name_en'] },
  { key: 'intro', fields: ['intro_zh', 'intro_en'], wide: true },
  { key: 'contact', fields: ['location_zh', 'location_en', 'email', 'filing_number', 'qr_image_url'], hint: 'consoleSite.filingHint' },
  { key: 'consoleTitles', fields: ['console_title_zh', 'console_title_en'] },
];
const settingFields = groups.flatMap((g) => g.fields);

function SettingsPanel() {
  const { t, lang } = useT();
  const notify = useNotify();
  const confirm = useConfirm();
  const stored = useQuery({ queryKey: [site.name], queryFn: () => api.get<Row>(site.path) });
  const [values, setValues] = useState<Row | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [dirty, setDirty] = useState(false);

  // the form starts from the stored record, and again after each save
  useEffect(() => {
    if (stored.data) {
      setValues({ ...stored.data });
      setDirty(false);
    }
  }, [stored.data]);

  async function save() {
    if (!values) return;
    const body = bodyOf(site, values, settingFields);
    const problems = validate(site, 'update', body, lang);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      notify.lines(Object.entries(problems).map(([f, m]) => `${f}: ${m}`));
      return;
    }
    setSaving(true);
    try {
      await api.send('PUT', site.path, body);
      notify.ok(t('console.saved'));
      await stored.refetch();
    } catch (e) {
      notify.fail(e);
      if (e instanceof ApiFailure && e.fields) {
        setErrors(
          Object.fromEntries(
            Object.entries(e.fields)
              .filter(([f]) => f)
              .map(([f, ms]) => [f, ms.join('; ')]),
          ),
        );
      }
    } finally {
      setSaving(false);
    }
  }

  async function reset() {
    if (!stored.data || !(await confirm(t('consoleSite.confirmReset')))) return;
    setValues({ ...stored.data });
    setErrors({});
    setDirty(false);
  }

  if (stored.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void stored.refetch()}>
            {t('consoleSite.retry')}
          </Button>
        }
      >
        {t('consoleSite.loadFailed')}: {(stored.error instanceof ApiFailure ? stored.error.lines() : [t('console.failed')]).join('; ')}
      </Alert>
    );
  }
  if (!values) {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <CircularProgress size={20} />
        <Typography>{t('console.loading')}</Typography>
      </Box>
    );
  }

  return (
    <Box
      component="form"
      noValidate
      aria-label={t('consoleSite.settings')}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', mb: 2, gap: 2 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {t('consoleSite.settings')}
        </Typography>
        {dirty && <Chip size="small" variant="outlined" color="warning" label={t('consoleSite.unsaved')} />}
      </Box>
      {groups.map((g) => (
        <Paper key={g.key} variant="outlined" component="section" aria-labelledby={`site-group-${g.key}`} sx={{ p: { xs: 1.5, md: 2 }, mb: 2 }}>
          <Typography id={`site-group-${g.key}`} variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {t(`consoleSite.${g.key}`)}
          </Typography>
          {g.hint && (
            <Typography variant="body2" color="text.secondary">
              {t(g.hint)}
            </Typography>
          )}
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: g.wide ? '1fr' : '1fr 1fr' }, columnGap: 2 }}>
            {g.fields.map((name) => (
              <Box key={name} sx={{ gridColumn: site.fields[name].kind === 'image' ? '1 / -1' : undefined }}>
                <FieldInput
                  name={name}
                  def={site.fields[name]}
                  value={values[name]}
                  record={values}
                  error={errors[name]}
                  onChange={(v) => {
                    setValues((cur) => (cur ? { ...cur, [name]: v } : cur));
                    setDirty(true);
                    setErrors(({ [name]: _, ...rest }) => rest);
                  }}
                />
              </Box>
            ))}
          </Box>
        </Paper>
      ))}
      <Box sx={{ display: 'flex', gap: 1, position: 'sticky', bottom: 0, py: 1.5, bgcolor: 'background.default', zIndex: 2 }}>
        <Button type="submit" variant="contained" startIcon={<SaveIcon />} disabled={saving}>
          {t('consoleSite.save')}
        </Button>
        <Button onClick={() => void reset()} disabled={saving || !dirty}>
          {t('consoleSite.reset')}
        </Button>
      </Box>
    </Box>
  );
}
