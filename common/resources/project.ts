import { YEARS } from '../fields.ts';
import { defineResource } from '../resource.ts';
import { released } from './flags.ts';

// Research projects (科研项目): the grants the lab leads or takes part in, by funding level as
// Chinese evaluations count them (国家级 / 省部级 / 企业合作). The principal investigators and members are
// people fields (common/person-refs.ts: each member's page lists their projects); the publications that
// acknowledge a project are chosen in the editor (a list that `refers` to publications), listed on its page,
// and each of those publications' pages names the project. Public at /projects, filtered by level and by
// whether the project is ongoing, from this declaration alone.

/** How a project is funded, as Chinese evaluations count it. */
export const projectLevels = [
  { value: 'national', num: 1, zh: '国家级', en: 'National' },
  { value: 'provincial', num: 2, zh: '省部级', en: 'Provincial / ministerial' },
  { value: 'industry', num: 3, zh: '企业合作', en: 'Industry' },
  { value: 'international', num: 4, zh: '国际合作', en: 'International' },
  { value: 'other', num: 5, zh: '其他', en: 'Other' },
] as const;

const roles = [
  { value: 'lead', num: 1, zh: '主持', en: 'Lead' },
  { value: 'partner', num: 2, zh: '参与', en: 'Partner' },
] as const;

const year = (zh: string, en: string, required: boolean) =>
  ({ kind: 'int', label: { zh, en }, ...YEARS, widget: 'year', ...(required ? { required: true } : {}) }) as const;

export const project = defineResource({
  name: 'project',
  label: { zh: '科研项目', en: 'Research projects' },
  table: 'project',
  id: 'jid',
  path: '/api/project/',
  fields: {
    title_zh: { kind: 'text', label: { zh: '项目名称（中文）', en: 'Title (Chinese)' }, required: true, max: 300 },
    title_en: { kind: 'text', label: { zh: '项目名称（英文）', en: 'Title (English)' }, max: 300 },
    funder_zh: { kind: 'text', label: { zh: '资助机构（中文）', en: 'Funder (Chinese)' }, max: 200 },
    funder_en: { kind: 'text', label: { zh: '资助机构（英文）', en: 'Funder (English)' }, max: 200 },
    programme_zh: { kind: 'text', label: { zh: '项目类别（中文）', en: 'Programme (Chinese)' }, max: 200 },
    programme_en: { kind: 'text', label: { zh: '项目类别（英文）', en: 'Programme (English)' }, max: 200 },
    level: { kind: 'enum', label: { zh: '级别', en: 'Level' }, options: projectLevels, default: 'national' },
    grant_number: { kind: 'text', label: { zh: '项目编号', en: 'Grant number' }, max: 100 },
    role: { kind: 'enum', label: { zh: '承担角色', en: "The lab's role" }, options: roles, default: 'lead' },
    pi: { kind: 'people', label: { zh: '负责人', en: 'Principal investigator' }, max: 5 },
    members: { kind: 'people', label: { zh: '项目成员', en: 'Members' }, max: 100 },
    start_year: year('起始年份', 'Start year', true),
    end_year: year('结束年份', 'End year', false),
    // 万元 (10,000 yuan), as grant notices and annual reports state it
    amount: { kind: 'int', label: { zh: '经费（万元）', en: 'Funding (10,000 CNY)' }, min: 0, max: 10_000_000 },
    abstract_zh: { kind: 'longtext', label: { zh: '简介（中文）', en: 'Abstract (Chinese)' }, widget: 'markdown', max: 20_000, editorHeight: 260 },
    abstract_en: { kind: 'longtext', label: { zh: '简介（英文）', en: 'Abstract (English)' }, widget: 'markdown', max: 20_000, editorHeight: 260 },
    publications: {
      kind: 'list',
      label: { zh: '标注资助的论文', en: 'Publications acknowledging it' },
      max: 500,
      format: 'record_id',
      refers: 'publication',
      referredAs: { zh: '资助项目', en: 'Funded by' },
    },
    release: released(true),
  },
  history: {},
  access: { read: 'member', create: 'member', update: 'member', delete: 'admin' },
  listColumns: [
    { key: 'title', bilingual: true, label: { zh: '项目', en: 'Project' }, title: true, opens: true },
    'level',
    'grant_number',
    'start_year',
    'end_year',
    'release',
  ],
  console: {
    icon: 'folder',
    editor: 'side',
    toggles: ['release'],
    filter: ['funder_zh', 'funder_en', 'programme_zh', 'programme_en'],
  },
  orderBy: [
    ['start_year', 'desc'],
    ['jid', 'desc'],
  ],
  refine(value, { issue }) {
    const { start_year: start, end_year: end } = value;
    if (typeof start === 'number' && typeof end === 'number' && end < start) issue('end_year', 'ends_before_start');
  },
  public: {
    segment: 'projects',
    nav: { label: { zh: '科研项目', en: 'Projects' }, order: 52 },
    description: {
      zh: '实验室主持和参与的国家级、省部级与企业合作科研项目。',
      en: 'National, provincial and industry research projects the lab leads or takes part in.',
    },
    fields: [
      'title_zh',
      'title_en',
      'funder_zh',
      'funder_en',
      'programme_zh',
      'programme_en',
      'level',
      'grant_number',
      'role',
      'pi',
      'members',
      'start_year',
      'end_year',
      'amount',
      'abstract_zh',
      'abstract_en',
      'publications',
    ],
    releasedBy: 'release',
    pageSize: 24,
    title: 'title',
    meta: ['level', 'period'],
    text: ['abstract'],
    details: [
      { key: 'funder', label: { zh: '资助机构', en: 'Funder' } },
      { key: 'programme', label: { zh: '项目类别', en: 'Programme' } },
      'grant_number',
      'level',
      'role',
      'period',
      'pi',
      'members',
      'amount',
      'publications',
    ],
    period: {
      starts: 'start_year',
      ends: 'end_year',
      label: { zh: '执行期', en: 'Period' },
      param: 'status',
      ongoing: { zh: '在研', en: 'Ongoing' },
      finished: { zh: '已结题', en: 'Finished' },
    },
    filters: ['level', 'period'],
    // schema.org's ResearchProject: its funder, its grant's number, its years
    jsonLd: (record, page) => {
      const funder = page.lang === 'zh' ? record.funder_zh || record.funder_en : record.funder_en || record.funder_zh;
      return {
        '@type': 'ResearchProject',
        name: page.title,
        ...(page.text ? { description: page.text.slice(0, 500) } : {}),
        url: page.url,
        ...(funder ? { funder: { '@type': 'Organization', name: funder } } : {}),
        ...(record.grant_number ? { identifier: record.grant_number } : {}),
        ...(typeof record.start_year === 'number' ? { foundingDate: String(record.start_year) } : {}),
        ...(typeof record.end_year === 'number' ? { dissolutionDate: String(record.end_year) } : {}),
        parentOrganization: page.organization,
      };
    },
  },
});
