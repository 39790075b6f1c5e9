import { roomTypes } from '../enums.ts';
import { defineResource, today } from '../resource.ts';
import { publishAt, released } from './flags.ts';

// Each bilingual seminar text is two fields, name_zh and name_en; a missing one falls back to the other on read.
function bilingual<const N extends string, const K extends 'text' | 'longtext'>(name: N, zh: string, en: string, kind: K) {
  const def = (lang: string, langEn: string) => ({ kind, label: { zh: `${zh}（${lang}）`, en: `${en} (${langEn})` } });
  // computed keys widen to string: the cast names the two keys, so WireRow<typeof seminar> knows them
  return { [`${name}_zh`]: def('中文', 'Chinese'), [`${name}_en`]: def('英文', 'English') } as Record<`${N}_zh` | `${N}_en`, ReturnType<typeof def>>;
}

export const seminarBilingual = ['title', 'abstract', 'speaker', 'ins', 'des', 'host', 'host_ins'] as const;

export const seminar = defineResource({
  name: 'seminar',
  label: { zh: '研讨会', en: 'Seminars' },
  table: 'seminar',
  id: 'sid',
  path: '/api/seminar/',
  fields: {
    ...bilingual('title', '标题', 'Title', 'text'),
    title_zh: { kind: 'text', label: { zh: '标题（中文）', en: 'Title (Chinese)' }, required: true },
    ...bilingual('abstract', '摘要', 'Abstract', 'longtext'),
    ...bilingual('speaker', '报告人', 'Speaker', 'text'),
    ...bilingual('ins', '报告人单位', 'Speaker institute', 'text'),
    ...bilingual('des', '报告人简介', 'Speaker introduction', 'longtext'),
    ...bilingual('host', '主持人', 'Host', 'text'),
    ...bilingual('host_ins', '主持人单位', 'Host institute', 'text'),
    image_url: {
      kind: 'image',
      label: { zh: '报告人照片', en: 'Speaker photo' },
      image: { minWidth: 400, minHeight: 400, crop: [400, 400] },
    },
    date: { kind: 'date', label: { zh: '日期', en: 'Date' }, required: true, default: today },
    start: { kind: 'time', label: { zh: '开始时间', en: 'Start' }, required: true, default: '14:00' },
    end: { kind: 'time', label: { zh: '结束时间', en: 'End' }, required: true, default: '15:30' },
    room_type: {
      kind: 'enum',
      label: { zh: '会议类型', en: 'Room type' },
      options: roomTypes,
      default: 'Tencent meeting',
    },
    room_id: { kind: 'text', label: { zh: '会议号', en: 'Room ID' }, max: 100 },
    room_pw: { kind: 'text', label: { zh: '会议密码', en: 'Room password' }, max: 100 },
    live_link: { kind: 'url', label: { zh: '直播链接', en: 'Live link' } },
    // seminars were all public; stored ones stay so (the column's default), a new one is public unless switched off or scheduled
    release: released(true),
    publish_at: publishAt,
  },
  derived: { room_type_str: { kind: 'text' } },
  history: {},
  access: { read: 'admin', create: 'admin', update: 'admin', delete: 'admin' },
  listColumns: [
    'date',
    { key: 'speaker', bilingual: true, label: { zh: '报告人', en: 'Speaker' } },
    { key: 'title', bilingual: true, label: { zh: '标题', en: 'Title' }, title: true },
    { key: 'release', kind: 'state', label: { zh: '状态', en: 'State' } },
  ],
  // SPEC §2 console/seminar (administrators): newest first
  console: { icon: 'event', editor: 'dialog', toggles: ['release'], preview: true },
  orderBy: [
    ['date', 'desc'],
    ['start', 'desc'],
    ['sid', 'desc'],
  ],
  refine(value, { issue }) {
    if (typeof value.start === 'string' && typeof value.end === 'string' && value.start && value.end && value.end <= value.start) {
      issue('end', 'out_of_range', { min: value.start, max: '23:59' });
    }
  },
});
