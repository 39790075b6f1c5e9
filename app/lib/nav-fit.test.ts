import { describe, expect, it } from 'vitest';
import { type NavFit, navFit } from './nav-fit.ts';

// The top bar holds the menu's entries that fit at the window's width, then "More" with the rest (a
// 1280 px laptop showed no menu at all while the bar waited for the whole menu to fit).
describe('navFit', () => {
  const en = ['Home', 'News', 'People', 'Courses', 'Shared Tasks', 'Publications', 'Awards', 'Patents', 'Open Source', 'Join us'];
  const zh = ['首页', '新闻', '成员', '课程', '评测任务', '论文', '获奖', '专利与软著', '开源', '加入我们'];
  /** The entries in the bar at a width (the rest are in "More"), or null where the bar has the menu button. */
  const inBar = (fit: NavFit, labels: string[], width: number) =>
    width < fit.from ? null : labels.filter((_, i) => fit.below[i] === undefined || (fit.below[i] !== 'all' && width >= (fit.below[i] as number)));

  it('shows the demo lab’s first entries at 1280 px in both languages, the rest in “More”', () => {
    const fitEn = navFit('Data Intelligence and Social Computing Lab', en, 'More');
    const fitZh = navFit('数据智能与社会计算实验室', zh, '更多');
    expect(inBar(fitEn, en, 1280)).toEqual(['Home', 'News', 'People', 'Courses']);
    expect(inBar(fitZh, zh, 1280)).toEqual(zh.slice(0, 7));
    // and more of them as the window widens, the whole menu in the widest
    expect(inBar(fitEn, en, 1440)?.length).toBeGreaterThan(4);
    expect(inBar(fitEn, en, 1920)).toEqual(en);
    expect(inBar(fitZh, zh, 1366)).toEqual(zh);
  });

  it('keeps the entries in their order, the bar holding more of them the wider the window', () => {
    const fit = navFit('Data Intelligence and Social Computing Lab', en, 'More');
    let before = 0;
    for (let width = 600; width <= 2000; width += 50) {
      const shown = inBar(fit, en, width) ?? [];
      expect(shown, `${width}`).toEqual(en.slice(0, shown.length));
      expect(shown.length, `${width}`).toBeGreaterThanOrEqual(before);
      before = shown.length;
    }
  });

  it('shows a short menu whole from a tablet’s width, and a longer name or longer labels move entries to “More” sooner', () => {
    expect(navFit('Lab', ['Home', 'News'], 'More')).toEqual({ from: 600, below: [undefined, undefined] });
    const short = navFit('Lab', en, 'More');
    const long = navFit('A much longer laboratory name than most, longer still', en, 'More');
    expect(long.from).toBeGreaterThanOrEqual(short.from);
    expect(inBar(long, en, 1280)?.length).toBeLessThan(inBar(short, en, 1280)?.length as number);
  });

  it('puts in “More” at every width an entry too long for any bar, and the bar keeps the menu button below the width the first entry fits at', () => {
    const labels = ['Home', 'x'.repeat(400)];
    const fit = navFit('Lab', labels, 'More');
    expect(fit.below[1]).toBe('all');
    expect(inBar(fit, labels, 1920)).toEqual(['Home']);
    expect(inBar(navFit('Lab', ['y'.repeat(300)], 'More'), ['y'.repeat(300)], 800)).toBeNull();
  });
});
