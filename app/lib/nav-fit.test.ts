import { describe, expect, it } from 'vitest';
import { navBreakpoint } from './nav-fit.ts';

// The top bar shows the whole menu only from a width it fits at (ten English entries scrolled
// sideways at 1280 px, the last ones out of sight).
describe('navBreakpoint', () => {
  const en = ['Home', 'News', 'People', 'Courses', 'Shared Tasks', 'Publications', 'Awards', 'Patents', 'Open Source', 'Join us'];
  const zh = ['首页', '新闻', '成员', '课程', '评测任务', '论文', '获奖', '专利与软著', '开源', '加入我们'];

  it('keeps the demo lab’s ten English entries for the widest windows, and its Chinese ones from 1440 px', () => {
    expect(navBreakpoint('Data Intelligence and Social Computing Lab', en)).toBe(1920);
    expect(navBreakpoint('数据智能与社会计算实验室', zh)).toBe(1440);
  });

  it('shows a short menu from a tablet’s width, and grows with the name and the labels', () => {
    expect(navBreakpoint('Lab', ['Home', 'News'])).toBe(600);
    const short = navBreakpoint('Lab', en.slice(0, 5));
    expect(navBreakpoint('A much longer laboratory name than most', en.slice(0, 5))).toBeGreaterThan(short);
    expect(navBreakpoint('Lab', en)).toBeGreaterThanOrEqual(short);
  });
});
