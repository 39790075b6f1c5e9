import { defineResource, today } from '../resource.ts';
import { released } from './flags.ts';

// Openings: positions and admissions the lab recruits for, at /join. An opening is
// public while it is released and its deadline, if it has one, has not passed: the public window of its
// declaration (`public.until`), which the publish timer (server/cache/publish-timer.ts) watches, so an
// opening leaves the site by itself when its deadline comes. While any is open, the home page says the lab
// is recruiting (`public.home`).

const kinds = [
  { value: 'PhD', num: 1, zh: '博士研究生', en: 'PhD student' },
  { value: 'Master', num: 2, zh: '硕士研究生', en: "Master's student" },
  { value: 'Postdoc', num: 3, zh: '博士后', en: 'Postdoctoral researcher' },
  { value: 'Research assistant', num: 4, zh: '科研助理', en: 'Research assistant' },
  { value: 'Intern', num: 5, zh: '实习生', en: 'Intern' },
] as const;

/** schema.org's employment types, by kind (JobPosting.employmentType). */
const employment: Record<string, string> = { PhD: 'FULL_TIME', Master: 'FULL_TIME', Postdoc: 'FULL_TIME', 'Research assistant': 'FULL_TIME', Intern: 'INTERN' };

export const opening = defineResource({
  name: 'opening',
  label: { zh: '招生招聘', en: 'Openings' },
  table: 'opening',
  id: 'oid',
  path: '/api/opening/',
  fields: {
    kind: { kind: 'enum', label: { zh: '类别', en: 'Kind' }, options: kinds, required: true, default: 'PhD' },
    title_zh: { kind: 'text', label: { zh: '标题（中文）', en: 'Title (Chinese)' }, required: true, max: 200 },
    title_en: { kind: 'text', label: { zh: '标题（英文）', en: 'Title (English)' }, max: 200 },
    description_zh: { kind: 'longtext', label: { zh: '介绍（中文）', en: 'Description (Chinese)' }, widget: 'markdown', max: 20_000, editorHeight: 300 },
    description_en: { kind: 'longtext', label: { zh: '介绍（英文）', en: 'Description (English)' }, widget: 'markdown', max: 20_000, editorHeight: 300 },
    apply_zh: { kind: 'longtext', label: { zh: '申请方式（中文）', en: 'How to apply (Chinese)' }, widget: 'markdown', max: 5000, editorHeight: 200 },
    apply_en: { kind: 'longtext', label: { zh: '申请方式（英文）', en: 'How to apply (English)' }, widget: 'markdown', max: 5000, editorHeight: 200 },
    posted: { kind: 'date', label: { zh: '发布日期', en: 'Posted' }, required: true, default: today },
    deadline: { kind: 'instant', label: { zh: '截止时间（北京时间）', en: 'Deadline (Beijing time)' }, nullable: true },
    // published when saved, as projects, awards and patents: the switch is in the editor (docs/decisions/068)
    release: released(true),
  },
  history: {},
  access: { read: 'admin', create: 'admin', update: 'admin', delete: 'admin' },
  listColumns: [{ key: 'title', bilingual: true, label: { zh: '标题', en: 'Title' }, title: true, opens: true }, 'kind', 'deadline', 'release'],
  console: {
    icon: 'school',
    editor: 'side',
    editorFields: ['kind', 'title_zh', 'title_en', 'description_zh', 'description_en', 'apply_zh', 'apply_en', 'posted', 'deadline', 'release'],
    toggles: ['release'],
  },
  orderBy: [
    ['posted', 'desc'],
    ['oid', 'desc'],
  ],
  public: {
    segment: 'join',
    nav: { label: { zh: '加入我们', en: 'Join us' }, order: 70 },
    description: {
      zh: '实验室正在招收的研究生、博士后、科研助理与实习生。截止时间过后，岗位自动下线。',
      en: 'Graduate students, postdocs, research assistants and interns the lab is recruiting. An opening leaves this page when its deadline passes.',
    },
    fields: ['kind', 'title_zh', 'title_en', 'description_zh', 'description_en', 'apply_zh', 'apply_en', 'posted', 'deadline'],
    releasedBy: 'release',
    until: 'deadline',
    pageSize: 24,
    title: 'title',
    meta: 'kind',
    facts: ['deadline'],
    text: ['description', 'apply'],
    headings: { apply: { zh: '申请方式', en: 'How to apply' } },
    home: { zh: '招生招聘中', en: 'We are recruiting' },
    jsonLd: (record, page) => ({
      '@type': 'JobPosting',
      title: page.title,
      description: page.html || page.title,
      datePosted: String(record.posted ?? ''),
      ...(typeof record.deadline === 'string' && record.deadline ? { validThrough: record.deadline } : {}),
      employmentType: employment[String(record.kind)] ?? 'OTHER',
      hiringOrganization: page.organization,
      ...(page.address ? { jobLocation: { '@type': 'Place', address: page.address } } : {}),
      url: page.url,
    }),
  },
});
