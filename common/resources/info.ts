import { defineResource } from '../resource.ts';

export const info = defineResource({
  name: 'info',
  label: { zh: '信息', en: 'Info pages' },
  table: 'info_page',
  id: 'iid',
  path: '/api/info/',
  fields: {
    aspect: { kind: 'text', label: { zh: '方面', en: 'Aspect' }, required: true, max: 100 },
    markdown: { kind: 'longtext', label: { zh: '内容', en: 'Markdown' }, widget: 'markdown', editorHeight: 600 },
    order: { kind: 'int', label: { zh: '顺序', en: 'Order' }, min: 0, max: 100000, default: 0 },
  },
  history: {},
  access: { read: 'member', create: 'admin', update: 'admin', delete: 'admin' },
  listColumns: ['aspect'],
  ordered: 'order',
  orderBy: [
    ['order', 'asc'],
    ['iid', 'asc'],
  ],
});
