import { addDays, chinaDate } from '../../common/advisor.ts';
import type { DB } from '../../server/db/database.ts';
import type { ImportedRow } from '../../server/pingan/import-file.ts';
import { isAbnormal } from '../../server/pingan/source.ts';
import { hashPassword } from '../../server/services/auth.ts';
import { recordReminders, saveNameList, savePinganParams, storeImportedReports } from '../../server/services/advisor.ts';
import type { Ctx } from '../../server/services/context.ts';

// The demo's class-advisor area: a made-up class of 80 students (the sizes of SPEC §9: the class about
// 80, the party branch 33, probationary members 28, financially disadvantaged 13), a week of imported
// health reports up to today, leave/return counts and some recorded reminders. No real person's data.

export const DEMO_ADVISOR_PASSWORD = 'class-register-2026';

const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '黄', '赵', '吴', '周', '徐', '孙', '马', '朱', '胡', '郭', '何', '林', '罗', '高'];
const GIVEN = [
  '子涵',
  '欣怡',
  '梓轩',
  '浩然',
  '雨桐',
  '思远',
  '嘉怡',
  '宇航',
  '若曦',
  '俊杰',
  '诗涵',
  '博文',
  '语嫣',
  '天佑',
  '可馨',
  '明轩',
  '佳琪',
  '志远',
  '静怡',
  '晨阳',
  '梦瑶',
  '一鸣',
  '心悦',
  '泽宇',
  '书瑶',
  '皓轩',
  '晓彤',
  '文博',
  '雅琪',
  '子墨',
];

/** The class: 80 distinct names (surname i mod 20 with a given name that never repeats for it). */
export function demoClass(): { xgh: string; realname: string }[] {
  return Array.from({ length: 80 }, (_, i) => ({
    xgh: `20221101${String(i + 1).padStart(2, '0')}`,
    realname: `${SURNAMES[i % 20]}${GIVEN[(i + Math.floor(i / 20)) % 30]}`,
  }));
}

/** A small deterministic generator, so every demo shows the same week. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

function demoReports(today: string, days = 7): ImportedRow[] {
  const rand = random(2026);
  const roster = demoClass();
  const rows: ImportedRow[] = [];
  for (let back = days - 1; back >= 0; back--) {
    const date = addDays(today, -back);
    for (const [i, s] of roster.entries()) {
      // a few forget each day; students 7 and 23 forget often
      const reported = !(rand() < 0.05 || ((i === 6 || i === 22) && rand() < 0.6));
      const status = reported ? (rand() < 0.015 ? '发热' : '正常') : '';
      rows.push({
        date,
        xgh: s.xgh,
        realname: s.realname,
        reported,
        uptime: reported ? `${date} 0${7 + Math.floor(rand() * 3)}:${String(Math.floor(rand() * 60)).padStart(2, '0')}` : '',
        status,
        abnormal: isAbnormal(status),
        doses: i % 16 === 5 ? 1 : i % 27 === 3 ? 0 : 2 + (i % 3 === 0 ? 1 : 0),
      });
    }
  }
  return rows;
}

/**
 * Seeds the area for the advisor `username`: the account (an ordinary user; an existing demo person
 * keeps their profile and gets the demo password) and the area's data.
 */
export async function seedAdvisor(db: DB, ctx: Ctx, username: string, create: (p: Record<string, unknown>) => Promise<number>): Promise<void> {
  const existing = await db.selectFrom('person').select('pid').where('username', '=', username).executeTakeFirst();
  if (existing) {
    await db
      .updateTable('person')
      .set({ password_hash: await hashPassword(DEMO_ADVISOR_PASSWORD), must_change_password: 0 })
      .where('pid', '=', existing.pid)
      .execute();
  } else {
    await create({
      uid: 'T0100',
      username,
      name_zh: '林老师',
      name_en: 'Ms. Lin',
      type: 'other',
      area: 'none',
      status: false,
      authority: 'user',
      password: DEMO_ADVISOR_PASSWORD,
      password2: DEMO_ADVISOR_PASSWORD,
    });
  }

  const roster = demoClass().map((s) => s.realname);
  // every third student in the branch, the probationary members among them and a few others, and
  // a spread of financially disadvantaged students
  await saveNameList(ctx, 'class', roster);
  await saveNameList(ctx, 'branch', roster.filter((_, i) => i % 12 < 5).slice(0, 33));
  await saveNameList(
    ctx,
    'probationary',
    roster.filter((_, i) => i % 20 < 7),
  );
  await saveNameList(ctx, 'disadvantaged', roster.filter((_, i) => i % 6 === 2).slice(0, 13));

  const today = chinaDate();
  const reports = demoReports(today);
  await storeImportedReports(ctx, reports);
  await savePinganParams(ctx, { cookie: '', selfdez: 71, selfdyz: 76, xwzs: 6 });
  for (const [back, left, returned] of [
    [1, 2, 1],
    [3, 1, 0],
    [6, 0, 3],
    [10, 4, 0],
    [17, 0, 4],
    [24, 3, 2],
  ] as const) {
    const date = addDays(today, -back);
    await savePinganParams(ctx, { lixiao_temp: left ? { date, count: left } : null, fanxiao_temp: returned ? { date, count: returned } : null });
  }
  // the advisor reminded the day's non-reporters on each of the past days
  for (let back = 6; back >= 1; back--) {
    const date = addDays(today, -back);
    const missing = reports.filter((r) => r.date === date && !r.reported).map((r) => ({ xgh: r.xgh, realname: r.realname }));
    if (missing.length > 0) await recordReminders(ctx, date, missing);
  }
}
