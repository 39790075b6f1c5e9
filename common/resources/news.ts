import { defineResource, today } from '../resource.ts';

export const news = defineResource({
  name: 'news',
  label: { zh: '新闻', en: 'News' },
  table: 'news',
  id: 'nid',
  path: '/api/news/',
  fields: {
    date: { kind: 'date', label: { zh: '日期', en: 'Date' }, default: today },
    abstract: { kind: 'text', label: { zh: '摘要', en: 'Abstract' }, required: true, max: 1000 },
    release: { kind: 'bool', label: { zh: '发布', en: 'Published' }, default: false },
    emphasize: { kind: 'bool', label: { zh: '强调', en: 'Emphasized' }, default: false },
    content_zh: { kind: 'longtext', label: { zh: '中文内容', en: 'Chinese HTML' }, widget: 'html' },
    content_en: { kind: 'longtext', label: { zh: '英文内容', en: 'English HTML' }, widget: 'html' },
  },
  access: { read: 'admin', create: 'admin', update: 'admin', delete: 'admin' },
  listColumns: ['nid', 'abstract', 'date'],
  orderBy: [
    ['date', 'desc'],
    ['nid', 'desc'],
  ],
});
