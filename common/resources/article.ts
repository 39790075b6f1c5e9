import { articleTypes } from '../enums.ts';
import { paths } from '../paths.ts';
import { defineResource } from '../resource.ts';
import { publicState, publishAt, released } from './flags.ts';

const SLUG_RE = /^[a-z0-9][a-z0-9-]{0,79}$/;

export const article = defineResource({
  name: 'article',
  label: { zh: '文章', en: 'Articles' },
  table: 'article',
  id: 'aid',
  path: '/api/article/',
  fields: {
    title: { kind: 'text', label: { zh: '标题', en: 'Title' }, required: true, max: 200 },
    // unique when given: empty is kept as NULL
    slug: { kind: 'text', label: { zh: '短链接', en: 'Slug' }, max: 80, nullable: true },
    abstract: { kind: 'longtext', label: { zh: '摘要', en: 'Abstract' }, required: true, max: 2000 },
    image_url: {
      kind: 'image',
      label: { zh: '封面', en: 'Cover image' },
      image: { minWidth: 800, minHeight: 450, crop: [800, 450] },
    },
    type: {
      kind: 'enum',
      label: { zh: '类型', en: 'Type' },
      options: articleTypes,
      numField: 'type_num',
      default: 'lab hot topic',
    },
    authors: { kind: 'list', label: { zh: '作者', en: 'Authors' }, max: 50, widget: 'names' },
    authors_index: { kind: 'list', label: { zh: '作者主页', en: 'Author usernames' }, max: 50 },
    editors: { kind: 'list', label: { zh: '编辑', en: 'Editors' }, max: 50, widget: 'names' },
    markdown: { kind: 'longtext', label: { zh: '正文', en: 'Body' }, widget: 'markdown', editorHeight: 600 },
    release: released(false),
    publish_at: publishAt,
  },
  // the server sets time1 (first save), time2 (every save) and time3 (when it goes public: now, or the
  // publish time it is scheduled for), SPEC §4
  derived: {
    releasestr: { kind: 'text' },
    time1: { kind: 'instant' },
    time2: { kind: 'instant' },
    time3: { kind: 'instant', nullable: true },
    timestr1: { kind: 'text' },
    timestr2: { kind: 'text' },
    timestr3: { kind: 'text' },
  },
  history: {},
  access: { read: 'member', create: 'member', update: 'member', delete: 'member' },
  // an article's page is public once it is published and its publish time has come
  publicPath: (row) => (publicState(row) === 'published' && row.aid !== undefined ? paths.article(String(row.aid)) : undefined),
  listColumns: [
    { key: 'aid', label: { zh: 'ID', en: 'ID' } },
    { key: 'title', title: true, opens: true },
    'type',
    { key: 'release', kind: 'state', label: { zh: '状态', en: 'State' } },
    { key: 'time2', kind: 'instant', label: { zh: '修改时间', en: 'Modified' } },
  ],
  // SPEC §2 console/article: newest first; edit, delete, publish, unpublish
  console: {
    icon: 'article',
    editor: 'dialog',
    editorFields: ['title', 'slug', 'abstract', 'image_url', 'type', 'authors', 'editors', 'markdown', 'publish_at'],
    toggles: ['release'],
    preview: true,
  },
  orderBy: [['aid', 'desc']],
  refine(value, { issue }) {
    if (typeof value.slug === 'string' && value.slug !== '' && !SLUG_RE.test(value.slug)) {
      issue('slug', 'invalid_string');
    }
  },
});
