import { enumLabel, personTypes } from '../../../common/enums.ts';
import { person } from '../../../common/resources/person.ts';
import { api } from '../../console/api.ts';
import { ResourceScreen } from '../../console/resource-screen.tsx';
import { useT } from '../../i18n/index.tsx';

// SPEC §2 console/people (administrators): table with the side editor; in-group ↔ former by confirmation.
export default function PeopleScreen() {
  const { t, lang } = useT();
  const f = person.fields;
  return (
    <ResourceScreen
      res={person}
      title={t('console.people')}
      layout="side"
      fields={[
        'uid',
        'username',
        'name_zh',
        'name_en',
        'password',
        'password2',
        'type',
        'area',
        'entrance',
        'authority',
        'email',
        'phone',
        'location_zh',
        'location_en',
        'description_zh',
        'description_en',
        'portrait_url',
        'link_type',
        'link1',
        'link2',
        'link3',
      ]}
      columns={[
        { key: 'uid', label: f.uid.label[lang] },
        { key: 'username', label: f.username.label[lang] },
        { key: 'name', label: t('console.name'), render: (r) => `${String(r.name_zh)} / ${String(r.name_en)}`, title: true },
        { key: 'type', label: f.type.label[lang], render: (r) => enumLabel(personTypes, String(r.type), lang) },
        { key: 'status', label: t('console.status'), render: (r) => t(r.status ? 'console.inGroup' : 'console.former') },
      ]}
      actions={[
        {
          key: 'status',
          label: (r) => t(r.status ? 'console.toFormer' : 'console.toInGroup'),
          confirm: (r) => t(r.status ? 'console.confirmToFormer' : 'console.confirmToInGroup'),
          run: (r) => api.send('PUT', `${person.path}?pid=${r.pid}`, { status: !r.status }),
          done: (r) => `${t(r.status ? 'console.toFormer' : 'console.toInGroup')} ${t('console.succeeded')}`,
          color: 'secondary',
        },
      ]}
    />
  );
}
