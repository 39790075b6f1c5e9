import { roomTypes } from '../enums.ts';
import type { FieldDef } from '../fields.ts';
import { defineResource, today } from '../resource.ts';

// Each bilingual seminar text is two fields, name_zh and name_en; a missing one falls back to the other on read.
function bilingual(name: string, zh: string, en: string, kind: 'text' | 'longtext' = 'text') {
  return {
    [`${name}_zh`]: { kind, label: { zh: `${zh}（中文）`, en: `${en} (Chinese)` } },
    [`${name}_en`]: { kind, label: { zh: `${zh}（英文）`, en: `${en} (English)` } },
  } as Record<string, FieldDef>;
}

export const seminarBilingual = ['title', 'abstract', 'speaker', 'ins', 'des', 'host', 'host_ins'] as const;

export const seminar = defineResource({
  name: 'seminar',
  label: { zh: '研讨会', en: 'Seminars' },
  table: 'seminar',
  id: 'sid',
  path: '/api/seminar/',
  fields: {
    ...bilingual('title', '标题', 'Title'),
    title_zh: { kind: 'text', label: { zh: '标题（中文）', en: 'Title (Chinese)' }, required: true },
    ...bilingual('abstract', '摘要', 'Abstract', 'longtext'),
    ...bilingual('speaker', '报告人', 'Speaker'),
    ...bilingual('ins', '报告人单位', 'Speaker institute'),
    ...bilingual('des', '报告人简介', 'Speaker introduction', 'longtext'),
    ...bilingual('host', '主持人', 'Host'),
    ...bilingual('host_ins', '主持人单位', 'Host institute'),
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
  },
  access: { read: 'admin', create: 'admin', update: 'admin', delete: 'admin' },
  listColumns: ['sid', 'date', 'speaker_zh', 'title_zh'],
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
