import type { FieldDef } from '../fields.ts';

// The boolean fields several resources share, with how the console names and switches them.

/** Whether a record shows on the public site; `initially` is its value in a new record. */
export const released = (initially: boolean) =>
  ({
    kind: 'bool',
    label: { zh: '发布', en: 'Published' },
    default: initially,
    states: { on: { zh: '已发布', en: 'Published' }, off: { zh: '未发布', en: 'Unpublished' } },
    toggle: {
      on: { zh: '发布', en: 'Publish' },
      off: { zh: '取消发布', en: 'Unpublish' },
      confirmOn: { zh: '确认发布？', en: 'Confirm publish?' },
      confirmOff: { zh: '确认取消发布？', en: 'Cancel publish?' },
    },
  }) as const satisfies FieldDef;
