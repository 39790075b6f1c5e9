import { articleTypes } from '../enums.ts';
import { defineResource } from '../resource.ts';

export const SLUG_RE = /^[a-z0-9][a-z0-9-]{0,79}$/;

export const article = defineResource({
  name: 'article',
  label: { zh: '文章', en: 'Articles' },
  table: 'article',
  id: 'aid',
  path: '/api/article/',
  fields: {
    title: { kind: 'text', label: { zh: '标题', en: 'Title' }, required: true, max: 200 },
    slug: { kind: 'text', label: { zh: '短链接', en: 'Slug' }, max: 80 },
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
    authors: { kind: 'list', label: { zh: '作者', en: 'Authors' }, max: 50 },
    authors_index: { kind: 'list', label: { zh: '作者主页', en: 'Author usernames' }, max: 50 },
    editors: { kind: 'list', label: { zh: '编辑', en: 'Editors' }, max: 50 },
    markdown: { kind: 'longtext', label: { zh: '正文', en: 'Body' }, widget: 'markdown', editorHeight: 600 },
    release: { kind: 'bool', label: { zh: '发布', en: 'Published' }, default: false },
  },
  access: { read: 'member', create: 'member', update: 'member', delete: 'member' },
  listColumns: ['aid', 'title', 'type', 'releasestr', 'timestr2'],
  orderBy: [['aid', 'desc']],
  refine(value, { issue }) {
    if (typeof value.slug === 'string' && value.slug !== '' && !SLUG_RE.test(value.slug)) {
      issue('slug', 'invalid_string');
    }
  },
});
