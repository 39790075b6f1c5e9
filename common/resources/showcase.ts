import { showcaseKinds } from '../enums.ts';
import { released } from './flags.ts';
import { defineResource } from '../resource.ts';

// Items of the home page's three carousels (SPEC §2): the fading image carousel, the annotation
// tools and the open-source projects (the projects also fill /DISCOpen).
export const showcase = defineResource({
  name: 'showcase',
  label: { zh: '首页展示', en: 'Showcase' },
  table: 'showcase',
  id: 'cid',
  path: '/api/showcase/',
  fields: {
    kind: { kind: 'enum', label: { zh: '类别', en: 'Kind' }, options: showcaseKinds, required: true },
    title_zh: { kind: 'text', label: { zh: '名称（中文）', en: 'Title (Chinese)' }, required: true, max: 200 },
    title_en: { kind: 'text', label: { zh: '名称（英文）', en: 'Title (English)' }, max: 200 },
    description_zh: { kind: 'longtext', label: { zh: '简介（中文）', en: 'Description (Chinese)' }, max: 2000 },
    description_en: { kind: 'longtext', label: { zh: '简介（英文）', en: 'Description (English)' }, max: 2000 },
    image_url: {
      kind: 'image',
      label: { zh: '图片', en: 'Image' },
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
    'kind',
    { key: 'title', bilingual: true, label: { zh: '标题', en: 'Title' }, title: true },
    'image_url',
    'link',
    { key: 'release', label: { zh: '状态', en: 'Status' } },
  ],
  // a tab of the site-content screen
  console: {
    icon: 'star',
    editor: 'dialog',
    drawer: false,
    editorFields: ['kind', 'title_zh', 'title_en', 'description_zh', 'description_en', 'image_url', 'link', 'release'],
  },
  ordered: 'order',
  orderBy: [
    ['kind', 'asc'],
    ['order', 'asc'],
    ['cid', 'asc'],
  ],
});
