import { YEARS } from '../fields.ts';
import { defineResource } from '../resource.ts';
import { released } from './flags.ts';

// Awards the lab and its members received: 教育部科技进步奖, CCF 优秀博士学位论文, best papers.
// Public at /awards from this declaration alone (common/resource.ts PublicDef); the recipients are a people
// field (common/person-refs.ts), so each member's page lists their awards.

/** How an award ranks, as Chinese evaluations count them. */
export const awardLevels = [
  { value: 'international', num: 1, zh: '国际级', en: 'International' },
  { value: 'national', num: 2, zh: '国家级', en: 'National' },
  { value: 'provincial', num: 3, zh: '省部级', en: 'Provincial / ministerial' },
  { value: 'university', num: 4, zh: '校级', en: 'University' },
  { value: 'other', num: 5, zh: '其他', en: 'Other' },
] as const;

export const award = defineResource({
  name: 'award',
  label: { zh: '获奖', en: 'Awards' },
  table: 'award',
  id: 'wid',
  path: '/api/award/',
  fields: {
    title_zh: { kind: 'text', label: { zh: '奖项（中文）', en: 'Award (Chinese)' }, required: true, max: 200 },
    title_en: { kind: 'text', label: { zh: '奖项（英文）', en: 'Award (English)' }, max: 200 },
    level: { kind: 'enum', label: { zh: '级别', en: 'Level' }, options: awardLevels, default: 'national' },
    issuer_zh: { kind: 'text', label: { zh: '颁发单位（中文）', en: 'Issuer (Chinese)' }, max: 200 },
    issuer_en: { kind: 'text', label: { zh: '颁发单位（英文）', en: 'Issuer (English)' }, max: 200 },
    year: { kind: 'int', label: { zh: '年份', en: 'Year' }, ...YEARS, required: true, widget: 'year' },
    recipients: {
      kind: 'people',
      label: { zh: '获奖人', en: 'Recipients' },
      max: 50,
    },
    publication: { kind: 'int', label: { zh: '相关论文', en: 'Related publication' }, min: 1, max: 2_147_483_647, refers: 'publication' },
    certificate: {
      kind: 'image',
      label: { zh: '证书图片', en: 'Certificate image' },
      // a certificate is A4 or so, landscape
      image: { minWidth: 300, minHeight: 200, crop: [1200, 850] },
    },
    description_zh: { kind: 'longtext', label: { zh: '说明（中文）', en: 'Notes (Chinese)' }, max: 2000 },
    description_en: { kind: 'longtext', label: { zh: '说明（英文）', en: 'Notes (English)' }, max: 2000 },
    release: released(true),
  },
  history: {},
  // its columns are derived from these fields (server/db/declared-tables.ts)
  access: { read: 'member', create: 'member', update: 'member', delete: 'admin' },
  listColumns: ['year', { key: 'title', bilingual: true, label: { zh: '奖项', en: 'Award' }, title: true, opens: true }, 'level', 'release'],
  console: {
    icon: 'award',
    editor: 'side',
    toggles: ['release'],
    filter: ['title_zh', 'title_en', 'issuer_zh', 'issuer_en'],
    editorFields: [
      'title_zh',
      'title_en',
      'level',
      'issuer_zh',
      'issuer_en',
      'year',
      'recipients',
      'publication',
      'certificate',
      'description_zh',
      'description_en',
      'release',
    ],
  },
  orderBy: [
    ['year', 'desc'],
    ['wid', 'desc'],
  ],
  public: {
    segment: 'awards',
    nav: { label: { zh: '获奖', en: 'Awards' }, order: 55 },
    description: { zh: '实验室成员获得的奖项与荣誉。', en: 'Prizes and honours the lab and its members have received.' },
    fields: ['title_zh', 'title_en', 'level', 'issuer_zh', 'issuer_en', 'year', 'recipients', 'publication', 'certificate', 'description_zh', 'description_en'],
    releasedBy: 'release',
    pageSize: 24,
    title: 'title',
    meta: 'year',
    text: ['description'],
    details: ['level', { key: 'issuer', label: { zh: '颁发单位', en: 'Issuer' } }, 'recipients', 'publication', 'certificate'],
    // schema.org has no type for an award, only a text property of a Person: a member's page names theirs under it
    personProperty: 'award',
  },
});
