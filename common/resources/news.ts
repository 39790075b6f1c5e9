import { defineResource, today } from '../resource.ts';
import { publishAt, released } from './flags.ts';

export const news = defineResource({
  name: 'news',
  label: { zh: '新闻', en: 'News' },
  table: 'news',
  id: 'nid',
  path: '/api/news/',
  fields: {
    date: { kind: 'date', label: { zh: '日期', en: 'Date' }, default: today },
    abstract: { kind: 'text', label: { zh: '摘要', en: 'Abstract' }, required: true, max: 1000 },
    release: released(false),
    publish_at: publishAt,
    emphasize: {
      kind: 'bool',
      label: { zh: '强调', en: 'Emphasized' },
      default: false,
      states: { on: { zh: '已强调', en: 'Emphasized' }, off: { zh: '未强调', en: 'Not emphasized' } },
      toggle: {
        on: { zh: '强调', en: 'Emphasize' },
        off: { zh: '取消强调', en: 'Unemphasize' },
        confirmOn: { zh: '确认强调？', en: 'Confirm emphasize?' },
        confirmOff: { zh: '确认取消强调？', en: 'Cancel emphasize?' },
      },
    },
    content_zh: { kind: 'longtext', label: { zh: '中文内容', en: 'Chinese HTML' }, widget: 'html' },
    content_en: { kind: 'longtext', label: { zh: '英文内容', en: 'English HTML' }, widget: 'html' },
  },
  derived: { releasestr: { kind: 'text' }, emphasizestr: { kind: 'text' } },
  history: {},
  access: { read: 'admin', create: 'admin', update: 'admin', delete: 'admin' },
  listColumns: ['abstract', 'date', { key: 'release', kind: 'state', label: { zh: '状态', en: 'State' } }, 'emphasize'],
  // SPEC §2 console/news (administrators): publish and emphasize are single-field updates
  console: {
    icon: 'news',
    editor: 'below',
    editorFields: ['abstract', 'date', 'publish_at', 'content_zh', 'content_en'],
    toggles: ['release', 'emphasize'],
    preview: true,
  },
  orderBy: [
    ['date', 'desc'],
    ['nid', 'desc'],
  ],
});
