// SPEC §9: sizes in B, K, M, G, TB by 1024, two decimals (one for images).
const units = ['B', 'K', 'M', 'G', 'TB'];

export function formatSize(bytes: number, decimals = 2): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  let n = bytes;
  let u = 0;
  while (n >= 1024 && u < units.length - 1) {
    n /= 1024;
    u++;
  }
  return `${n.toFixed(decimals)}${units[u]}`;
}

export const formatImageSize = (bytes: number) => formatSize(bytes, 1);

/** An ISO instant as local "YYYY-MM-DD HH:mm". */
export function formatInstant(iso: unknown): string {
  if (typeof iso !== 'string' || !iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}
