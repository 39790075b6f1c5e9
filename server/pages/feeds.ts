import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Lang } from '../../common/enums.ts';
import { pick } from '../../common/lang.ts';
import { paths } from '../../common/paths.ts';
import { venueWithYear } from '../../common/venue.ts';
import { textOfHtml } from '../search/text.ts';
import { createPageData } from './page-data.ts';

// Machine-readable views of the public site: sitemap.xml, robots.txt, an RSS feed of articles and
// news, and an iCalendar feed of seminars.

const xml = (s: unknown) => String(s ?? '').replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] as string);

/**
 * iCalendar text, escaped as RFC 5545 §3.3.11 says: a backslash, ; and , escaped, every line break (CRLF,
 * LF or a lone CR) written \n, and other control characters, which TEXT cannot hold,
 * a space. Lines are folded at 75 octets by fold (§3.1).
 */
function icsText(s: unknown): string {
  return (
    String(s ?? '')
      .replace(/\\/g, '\\\\')
      .replace(/;/g, '\\;')
      .replace(/,/g, '\\,')
      .replace(/\r\n|\r|\n/g, '\\n')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it replaces
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, ' ')
  );
}
function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  for (const ch of line) {
    if (Buffer.byteLength(current + ch) > 74) {
      out.push(current);
      current = ` ${ch}`;
    } else current += ch;
  }
  out.push(current);
  return out.join('\r\n');
}
const icsTime = (date: string, time: string) => `${date.replace(/-/g, '')}T${time.replace(':', '')}00`;

export async function feedRoutes(app: FastifyInstance) {
  const data = (req: FastifyRequest) => createPageData(app.lab, req);
  const hide = { schema: { hide: true } };

  app.get('/robots.txt', hide, async (req, reply) => {
    const { origin, base } = data(req);
    reply.type('text/plain; charset=utf-8');
    // under BASE_PATH the rules name its paths; crawlers read the host's own /robots.txt (docs/deploy.md)
    const disallow = ['/console', '/login', '/api/', '/apiprivate/'].map((p) => `Disallow: ${base}${p}\n`).join('');
    return `User-agent: *\n${disallow}\nSitemap: ${origin}/sitemap.xml\n`;
  });

  app.get('/sitemap.xml', hide, async (req, reply) => {
    const d = data(req);
    const [articles, people, courses, tasks, pages, pids, declared, newsDates] = await Promise.all([
      d.articles(),
      d.people(),
      d.pages('course'),
      d.pages('sharedtask'),
      d.listPages(),
      d.publicationIds(),
      d.declaredSitemap(),
      d.newsDates(),
    ]);
    // every page of the long lists, so each record is reachable by a crawler without JavaScript
    const pageUrls = (base: string, count: number) =>
      Array.from({ length: count - 1 }, (_, i) => [`${base}${base.includes('?') ? '&' : '?'}page=${i + 2}`, undefined] as [string, undefined]);
    const urls: [string, string | undefined, Lang[]?][] = [
      ['/', undefined],
      ['/news', undefined],
      ...pageUrls('/news', pages.news),
      [paths.newsArchive(), undefined],
      ...pageUrls(paths.newsArchive(), pages.newsArchive),
      ['/people', undefined],
      ['/people?tab=former', undefined],
      ...pageUrls('/people?tab=former', pages.formerPeople),
      ['/curriculum', undefined],
      ['/sharedtask', undefined],
      ['/publication', undefined],
      ...pageUrls('/publication', pages.publication),
      ['/DISCOpen', undefined],
      ...articles.map((a) => [`/news/${a.aid}`, String(a.time2 ?? a.time3 ?? '').slice(0, 10) || undefined] as [string, string | undefined]),
      ...newsDates.map((n) => [paths.newsItem(n.nid), n.date.slice(0, 10) || undefined] as [string, string | undefined]),
      ...people
        .filter((p) => p.link_type === 1 || p.link_type === 2)
        .map((p) => [`/people/${encodeURIComponent(String(p.username))}`, undefined] as [string, undefined]),
      ...courses.map((c) => [`/curriculum/${encodeURIComponent(String(c.slug))}`, undefined] as [string, undefined]),
      ...tasks.map((c) => [`/sharedtask/${encodeURIComponent(String(c.slug))}`, undefined] as [string, undefined]),
      ...pids.map((pid) => [paths.publicationItem(pid), undefined] as [string, undefined]),
      // the declared public resources' pages
      // a record's page names an alternate only in the languages its text exists in
      ...declared.map(([p, langs]) => [p, undefined, langs] as [string, undefined, Lang[]?]),
    ];
    const body = urls
      .map(([p, lastmod, langs = ['zh', 'en']]) => {
        const loc = `${d.origin}${p}`;
        const alt = (l: string) => `<xhtml:link rel="alternate" hreflang="${l}" href="${xml(`${loc}${loc.includes('?') ? '&' : '?'}lang=${l}`)}"/>`;
        return `<url><loc>${xml(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}${langs.map(alt).join('')}</url>`;
      })
      .join('\n');
    reply.type('application/xml; charset=utf-8');
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${body}\n</urlset>\n`;
  });

  app.get('/feed/news.xml', hide, async (req, reply) => {
    const d = data(req);
    // the 50 newest of both kinds, merged: each kind's 50 newest suffice
    const [site, articles, news] = await Promise.all([d.site(), d.articles(50), d.news(50)]);
    const title = pick(site.lab_name_zh, site.lab_name_en, d.lang);
    const items = [
      ...articles.map((a) => ({
        title: String(a.title),
        link: `${d.origin}/news/${a.aid}`,
        guid: `${d.origin}/news/${a.aid}`,
        date: String(a.time3 ?? ''),
        description: String(a.abstract ?? ''),
      })),
      ...news.map((n) => {
        // the item's words: an HTML tokenizer, in one pass (a regular expression here took time growing with the square of a run of "<")
        const text = textOfHtml(pick(n.content_zh, n.content_en, d.lang));
        return {
          title: String(n.abstract || text.slice(0, 80)),
          // the item's own page; its guid was that address before the page existed, and stays as it was
          link: `${d.origin}${paths.newsItem(n.nid)}`,
          guid: `${d.origin}${paths.newsItem(n.nid)}`,
          date: `${String(n.date)}T00:00:00+08:00`,
          description: text,
        };
      }),
    ].sort((a, b) => b.date.localeCompare(a.date));
    const entries = items
      .slice(0, 50)
      .map((i) => {
        const date = new Date(i.date);
        return `<item><title>${xml(i.title)}</title><link>${xml(i.link)}</link><guid isPermaLink="false">${xml(i.guid)}</guid>${Number.isNaN(date.getTime()) ? '' : `<pubDate>${date.toUTCString()}</pubDate>`}<description>${xml(i.description)}</description></item>`;
      })
      .join('\n');
    reply.type('application/rss+xml; charset=utf-8');
    return `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel><title>${xml(title)}</title><link>${xml(`${d.origin}/news`)}</link><atom:link href="${xml(`${d.origin}/feed/news.xml`)}" rel="self" type="application/rss+xml"/><description>${xml(title)}</description><language>${d.lang === 'zh' ? 'zh-CN' : 'en'}</language>\n${entries}\n</channel></rss>\n`;
  });

  // the newest publications first (by when they were entered: the highest ids), as their pages
  app.get('/feed/publications.xml', hide, async (req, reply) => {
    const d = data(req);
    const [site, newest] = await Promise.all([d.site(), d.newestPublications(50)]);
    const title = `${pick(site.lab_name_zh, site.lab_name_en, d.lang)} · ${d.lang === 'zh' ? '论文' : 'Publications'}`;
    const entries = newest
      .map((p) => {
        const link = `${d.origin}${paths.publicationItem(p.pid)}`;
        const description = [`${p.author.join(', ')} · ${venueWithYear(p.source, p.year)}`, p.abstract].filter(Boolean).join('\n\n');
        return `<item><title>${xml(p.title)}</title><link>${xml(link)}</link><guid isPermaLink="true">${xml(link)}</guid><description>${xml(description)}</description></item>`;
      })
      .join('\n');
    reply.type('application/rss+xml; charset=utf-8');
    return `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel><title>${xml(title)}</title><link>${xml(`${d.origin}${paths.publication()}`)}</link><atom:link href="${xml(`${d.origin}${paths.publicationFeed()}`)}" rel="self" type="application/rss+xml"/><description>${xml(title)}</description><language>${d.lang === 'zh' ? 'zh-CN' : 'en'}</language>\n${entries}\n</channel></rss>\n`;
  });

  app.get('/feed/seminars.ics', hide, async (req, reply) => {
    const d = data(req);
    const seminars = await d.seminarsForFeed();
    const host = new URL(d.origin).host;
    const stamp = `${new Date().toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;
    const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//lab-site//seminars//EN', 'CALSCALE:GREGORIAN', 'X-WR-TIMEZONE:Asia/Shanghai'];
    lines.push(
      'BEGIN:VTIMEZONE',
      'TZID:Asia/Shanghai',
      'BEGIN:STANDARD',
      'DTSTART:19700101T000000',
      'TZOFFSETFROM:+0800',
      'TZOFFSETTO:+0800',
      'TZNAME:CST',
      'END:STANDARD',
      'END:VTIMEZONE',
    );
    for (const s of seminars) {
      const title = pick(s.title_zh, s.title_en, d.lang);
      const speaker = pick(s.speaker_zh, s.speaker_en, d.lang);
      lines.push(
        'BEGIN:VEVENT',
        `UID:seminar-${s.sid}@${host}`,
        `DTSTAMP:${stamp}`,
        `DTSTART;TZID=Asia/Shanghai:${icsTime(String(s.date), String(s.start))}`,
        `DTEND;TZID=Asia/Shanghai:${icsTime(String(s.date), String(s.end))}`,
        `SUMMARY:${icsText(speaker ? `${title} (${speaker})` : title)}`,
        `DESCRIPTION:${icsText(pick(s.abstract_zh, s.abstract_en, d.lang))}`,
        `LOCATION:${icsText(`${String(s.room_type_str ?? s.room_type)} ${String(s.room_id ?? '')}`.trim())}`,
        ...(s.live_link ? [`URL:${icsText(s.live_link)}`] : []),
        'END:VEVENT',
      );
    }
    lines.push('END:VCALENDAR');
    reply.type('text/calendar; charset=utf-8');
    return `${lines.map(fold).join('\r\n')}\r\n`;
  });
}
