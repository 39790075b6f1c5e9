import { seminar } from '../../../common/resources/seminar.ts';
import { ResourceScreen } from '../../console/resource-screen.tsx';
import { useT } from '../../i18n/index.tsx';

// SPEC §2 console/seminar (administrators): sorted by date descending.
export default function SeminarScreen() {
  const { t, lang } = useT();
  const f = seminar.fields;
  return (
    <ResourceScreen
      res={seminar}
      title={t('console.seminar')}
      layout="dialog"
      sort={(rows) => [...rows].sort((a, b) => String(b.date).localeCompare(String(a.date)) || String(b.start).localeCompare(String(a.start)))}
      columns={[
        { key: 'date', label: f.date.label[lang] },
        { key: 'speaker_zh', label: t('console.speaker'), render: (r) => String(r.speaker_zh || r.speaker_en || '') },
        { key: 'title_zh', label: f.title_zh.label[lang], render: (r) => String(r.title_zh || r.title_en || ''), title: true },
      ]}
    />
  );
}
