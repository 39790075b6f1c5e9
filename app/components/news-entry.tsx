import { Link } from 'react-router';
import { pick } from '../../common/lang.ts';
import { paths } from '../../common/paths.ts';
import type { PublicNews } from '../../common/wire.ts';
import { useT } from '../i18n/index.tsx';
import { RichHtml } from './rich-html.tsx';

/**
 * One news item of a timeline (the home page's latest, the archive's): its date links to the item's own page,
 * and its id is the anchor `#news-{nid}`. An item not saved yet (a preview) has no page to link to.
 */
export function NewsEntry({ item: n }: { item: PublicNews }) {
  const { t, lang } = useT();
  const saved = typeof n.nid === 'number' && n.nid > 0;
  const date = (
    <time className="muted small" dateTime={n.date}>
      {n.date}
    </time>
  );
  return (
    <li id={`news-${n.nid}`} className={n.emphasize ? 'emphasized' : undefined}>
      {saved ? (
        <Link to={paths.newsItem(n.nid)} className="news-date">
          {date}
        </Link>
      ) : (
        date
      )}
      {n.emphasize ? (
        <span className="badge" title={t('home.emphasized')}>
          ★
        </span>
      ) : null}
      <RichHtml html={pick(n.content_zh, n.content_en, lang)} />
    </li>
  );
}
