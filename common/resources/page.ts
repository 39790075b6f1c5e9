import { pageSections } from '../enums.ts';
import { released } from './flags.ts';
import { paths } from '../paths.ts';
import { defineResource } from '../resource.ts';

/** A page's slug is its URL segment (/curriculum/Intro-to-AI); it is matched without regard to case. */
export const PAGE_SLUG_RE = /^[A-Za-z0-9][A-Za-z0-9-]{0,79}$/;

// Course pages (/curriculum/{slug}) and shared tasks (/sharedtask): content SPEC §2 shows but gives no
// data for, so an administrator writes it. A slug is unique within its section.
export const page = defineResource({
  name: 'page',
  label: { zh: '课程与评测页面', en: 'Course and shared-task pages' },
  table: 'site_page',
  id: 'gid',
  path: '/api/page/',
  fields: {
    section: { kind: 'enum', label: { zh: '栏目', en: 'Section' }, options: pageSections, required: true },
    title_zh: { kind: 'text', label: { zh: '标题（中文）', en: 'Title (Chinese)' }, required: true, max: 200 },
    title_en: { kind: 'text', label: { zh: '标题（英文）', en: 'Title (English)' }, max: 200 },
    slug: { kind: 'text', label: { zh: '短链接', en: 'Slug' }, required: true, max: 80 },
    summary_zh: { kind: 'longtext', label: { zh: '摘要（中文）', en: 'Summary (Chinese)' }, max: 2000 },
    summary_en: { kind: 'longtext', label: { zh: '摘要（英文）', en: 'Summary (English)' }, max: 2000 },
    markdown_zh: { kind: 'longtext', label: { zh: '正文（中文）', en: 'Body (Chinese)' }, widget: 'markdown' },
    markdown_en: { kind: 'longtext', label: { zh: '正文（英文）', en: 'Body (English)' }, widget: 'markdown' },
    image_url: {
      kind: 'image',
      label: { zh: '封面', en: 'Cover image' },
      image: { minWidth: 400, minHeight: 225, crop: [800, 450] },
    },
    link: { kind: 'url', label: { zh: '链接', en: 'Link' } },
    order: { kind: 'int', label: { zh: '顺序', en: 'Order' }, min: 0, max: 100000, default: 0 },
    release: released(true),
  },
  derived: { releasestr: { kind: 'text' } },
  history: {},
  access: { read: 'admin', create: 'admin', update: 'admin', delete: 'admin' },
  listColumns: [
    'section',
    { key: 'slug', opens: true },
    { key: 'title', bilingual: true, label: { zh: '标题', en: 'Title' }, title: true },
    { key: 'release', label: { zh: '状态', en: 'Status' } },
  ],
  publicPath: (row) => {
    if (typeof row.slug !== 'string' || !row.slug) return undefined;
    return row.section === 'sharedtask' ? paths.sharedtaskItem(row.slug) : paths.course(row.slug);
  },
  // a tab of the site-content screen
  console: {
    icon: 'school',
    editor: 'dialog',
    drawer: false,
    editorFields: ['section', 'slug', 'title_zh', 'title_en', 'summary_zh', 'summary_en', 'markdown_zh', 'markdown_en', 'image_url', 'link', 'release'],
  },
  ordered: 'order',
  orderBy: [
    ['section', 'asc'],
    ['order', 'asc'],
    ['gid', 'asc'],
  ],
  refine(value, { issue }) {
    if (typeof value.slug === 'string' && !PAGE_SLUG_RE.test(value.slug)) issue('slug', 'invalid_slug');
  },
});
