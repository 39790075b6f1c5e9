import { defineResource } from '../resource.ts';
import { released } from './flags.ts';

// Patents and software copyrights (知识产权): invention patents, utility models and software
// copyright registrations, each with its number, its inventors (a people field, common/person-refs.ts: each
// member's page lists theirs) and where it stands. Public at /patents from this declaration alone.
// Publications of the type "patent" stay publications (docs/decisions/045-people-fields-awards-and-patents.md).

export const patentKinds = [
  { value: 'invention', num: 1, zh: '发明专利', en: 'Invention patent' },
  { value: 'utility model', num: 2, zh: '实用新型', en: 'Utility model' },
  { value: 'software copyright', num: 3, zh: '软件著作权', en: 'Software copyright' },
] as const;

export const patentStatuses = [
  { value: 'filed', num: 1, zh: '已申请', en: 'Filed' },
  { value: 'granted', num: 2, zh: '已授权（登记）', en: 'Granted (registered)' },
] as const;

export const patent = defineResource({
  name: 'patent',
  label: { zh: '专利与软著', en: 'Patents and software' },
  table: 'patent',
  id: 'tid',
  path: '/api/patent/',
  fields: {
    kind: { kind: 'enum', label: { zh: '类别', en: 'Kind' }, options: patentKinds, default: 'invention' },
    number: { kind: 'text', label: { zh: '专利号 / 登记号', en: 'Number' }, max: 60 },
    title_zh: { kind: 'text', label: { zh: '名称（中文）', en: 'Title (Chinese)' }, required: true, max: 300 },
    title_en: { kind: 'text', label: { zh: '名称（英文）', en: 'Title (English)' }, max: 300 },
    inventors: {
      kind: 'people',
      label: { zh: '发明人（著作权人）', en: 'Inventors (authors)' },
      max: 50,
    },
    status: { kind: 'enum', label: { zh: '状态', en: 'Status' }, options: patentStatuses, default: 'filed' },
    filed_on: { kind: 'date', label: { zh: '申请日期', en: 'Filed on' } },
    granted_on: { kind: 'date', label: { zh: '授权（登记）日期', en: 'Granted (registered) on' } },
    // the same work in the bibliography, where it is there too (a publication of the type "patent", cited as one)
    publication: { kind: 'int', label: { zh: '对应论文条目', en: 'Bibliography entry' }, min: 1, max: 2_147_483_647, refers: 'publication' },
    abstract_zh: { kind: 'longtext', label: { zh: '摘要（中文）', en: 'Abstract (Chinese)' }, max: 5000 },
    abstract_en: { kind: 'longtext', label: { zh: '摘要（英文）', en: 'Abstract (English)' }, max: 5000 },
    release: released(true),
  },
  history: {},
  // its columns are derived from these fields (server/db/declared-tables.ts)
  access: { read: 'member', create: 'member', update: 'member', delete: 'admin' },
  listColumns: ['kind', { key: 'title', bilingual: true, label: { zh: '名称', en: 'Title' }, title: true, opens: true }, 'number', 'status', 'release'],
  console: {
    icon: 'lightbulb',
    editor: 'side',
    toggles: ['release'],
    filter: ['title_zh', 'title_en', 'number'],
    editorFields: [
      'kind',
      'number',
      'title_zh',
      'title_en',
      'inventors',
      'status',
      'filed_on',
      'granted_on',
      'publication',
      'abstract_zh',
      'abstract_en',
      'release',
    ],
  },
  orderBy: [
    ['filed_on', 'desc'],
    ['tid', 'desc'],
  ],
  refine(value, { issue }) {
    const filed = typeof value.filed_on === 'string' ? value.filed_on : '';
    const granted = typeof value.granted_on === 'string' ? value.granted_on : '';
    if (filed && granted && granted < filed) issue('granted_on', 'granted_before_filed');
    if (value.status === 'granted' && value.granted_on === '') issue('granted_on', 'granted_without_date');
  },
  public: {
    segment: 'patents',
    nav: { label: { zh: '专利与软著', en: 'Patents' }, order: 56 },
    description: {
      zh: '实验室的发明专利、实用新型和软件著作权。',
      en: "The lab's invention patents, utility models and software copyrights.",
    },
    fields: ['kind', 'number', 'title_zh', 'title_en', 'inventors', 'status', 'filed_on', 'granted_on', 'publication', 'abstract_zh', 'abstract_en'],
    releasedBy: 'release',
    pageSize: 24,
    title: 'title',
    meta: 'kind',
    text: ['abstract'],
    details: ['kind', 'number', 'inventors', 'status', 'filed_on', 'granted_on', 'publication'],
    // schema.org has no patent type; a registered program is a SoftwareApplication
    schemaType: (row) => (row.kind === 'software copyright' ? 'SoftwareApplication' : undefined),
  },
});
