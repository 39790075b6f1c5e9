import { useT } from '../i18n/index.tsx';
import { at } from '../lib/base.ts';

// The page links of a long list (publications, articles, former members): plain links, so every record
// is reachable without JavaScript and by crawlers (the sitemap lists the same pages).

/** The page numbers to show: the first, the last and a few around the current one; null is a gap. */
function pageWindow(page: number, pages: number, around = 2): (number | null)[] {
  const shown = new Set([1, pages]);
  for (let p = page - around; p <= page + around; p++) if (p >= 1 && p <= pages) shown.add(p);
  const sorted = [...shown].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const [i, p] of sorted.entries()) {
    const before = sorted[i - 1];
    if (before !== undefined && p - before > 1) out.push(null);
    out.push(p);
  }
  return out;
}

export function Pager({ page, pages, href }: { page: number; pages: number; href: (page: number) => string }) {
  const { t } = useT();
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={t('pager.label')}>
      {page > 1 ? (
        <a href={at(href(page - 1))} rel="prev" aria-label={t('pager.previous')}>
          ‹
        </a>
      ) : (
        <span aria-hidden="true">‹</span>
      )}
      {pageWindow(page, pages).map((p, i) =>
        p === null ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own
          <span key={`gap-${i}`} className="gap" aria-hidden="true">
            …
          </span>
        ) : (
          <a key={p} href={at(href(p))} aria-label={t('pager.page', { page: p })} aria-current={p === page ? 'page' : undefined}>
            {p}
          </a>
        ),
      )}
      {page < pages ? (
        <a href={at(href(page + 1))} rel="next" aria-label={t('pager.next')}>
          ›
        </a>
      ) : (
        <span aria-hidden="true">›</span>
      )}
    </nav>
  );
}

/** `base` with `page` set (the first page has none), keeping the other parameters. */
export function withPage(base: string, page: number): string {
  const [path, query = ''] = base.split('?');
  const params = new URLSearchParams(query);
  params.delete('page');
  if (page > 1) params.set('page', String(page));
  const q = params.toString();
  return q ? `${path}?${q}` : (path ?? '');
}
