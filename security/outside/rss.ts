// Figures, not a check: the page cache and the resident memory over rounds of 1,200 spellings and missing pages
// (point 7), to see that memory levels off. Written to $OUT/rss.txt.
import { SITE } from './lib.ts';

const m = async () => {
  const t = await (await fetch(`${SITE}/metrics`)).text();
  const g = (n: string) => Number(new RegExp(`^${n} (\\S+)`, 'm').exec(t)?.[1]);
  return `entries ${g('lab_cache_entries')} bytes ${g('lab_cache_bytes\\{kind="used"\\}')} rss ${Math.round(g('lab_process_resident_bytes') / 1e6)} MB`;
};
console.log('start', await m());
for (let round = 1; round <= 4; round++) {
  for (let i = 0; i < 300; i++) {
    const k = round * 1000 + i;
    for (const p of [
      '/publication'.replace(/[a-z]/g, (c, j) => ((k >> j) & 1 ? c.toUpperCase() : c)),
      `//publication${'/'.repeat((k % 3) + 1)}`,
      `/publication/9${k}99`,
      `/no-such-${k}`,
    ]) {
      const r = await fetch(SITE + p, { redirect: 'manual' });
      await r.arrayBuffer();
    }
  }
  console.log(`after round ${round} (1,200 requests)`, await m());
}
