import type { Lang } from '../../common/enums.ts';
import { pick } from '../../common/lang.ts';
import type { PublicPage } from '../../common/wire.ts';
import { responsive } from '../lib/images.ts';
import { at } from '../lib/base.ts';

/** A page as a section's list shows it: everything but its body. */
type PageListItem = Omit<PublicPage, 'markdown_zh' | 'markdown_en'>;

/** Cards of the markdown pages of one section (courses, shared tasks), each opening its page. */
export function PageList({ pages, lang, hrefOf, empty }: { pages: PageListItem[]; lang: Lang; hrefOf: (slug: string) => string; empty: string }) {
  if (pages.length === 0) return <p className="muted">{empty}</p>;
  return (
    <div className="grid cols-3">
      {pages.map((p) => (
        <a key={p.gid} className="card" href={at(hrefOf(p.slug))}>
          {p.image_url ? (
            <img
              className="card-media"
              {...responsive(p.image_url, 400)}
              sizes="(min-width: 900px) 380px, (min-width: 600px) 50vw, 100vw"
              alt=""
              width={480}
              height={270}
              loading="lazy"
            />
          ) : null}
          <div className="card-body">
            <h2>{pick(p.title_zh, p.title_en, lang)}</h2>
            <p className="muted small">{pick(p.summary_zh, p.summary_en, lang)}</p>
          </div>
        </a>
      ))}
    </div>
  );
}
