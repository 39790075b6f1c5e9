import type { MetaDescriptor } from 'react-router';
import type { Lang } from '../../common/enums.ts';
import { pick } from '../../common/lang.ts';

// Title, description, canonical URL, hreflang alternates, Open Graph and Twitter card tags of a public page.

/** The image a shared link shows for a page that has none of its own: the lab's card (public/static). */
const DEFAULT_SHARE_IMAGE = '/static/lab-card.png';

/** What a route's meta function is handed of the matched routes: the root's loader data holds the site settings (app/root.tsx). */
type Matches = readonly ({ id: string; loaderData?: unknown } | undefined)[];

/** The lab's name in `lang`, as the site settings give it (the root route's data). */
export function labNameOf(matches: Matches, lang: Lang): string {
  const root = matches.find((m) => m?.id === 'root')?.loaderData as { site?: { lab_name_zh?: string; lab_name_en?: string } } | undefined;
  return pick(root?.site?.lab_name_zh ?? '', root?.site?.lab_name_en ?? '', lang);
}

export function seo(opts: {
  /** The page's own name: the title reads "<title> · <lab>" (the lab's name alone on the home page). */
  title: string;
  /** The lab's name (labNameOf). */
  lab: string;
  /** A title that names the lab its own way (a personal page, SPEC §2): used as it is. */
  fullTitle?: string;
  description: string;
  origin: string;
  path: string;
  lang: Lang;
  forced?: boolean;
  image?: string | null;
  type?: string;
  /** The languages the page's text exists in: an hreflang alternate only for each (both unless given). */
  langs?: readonly Lang[];
}): MetaDescriptor[] {
  const url = `${opts.origin}${opts.path}`;
  const withLang = (l: Lang) => `${url}${url.includes('?') ? '&' : '?'}lang=${l}`;
  const description = opts.description.replace(/\s+/g, ' ').trim().slice(0, 200);
  const title = opts.fullTitle ?? (opts.title === opts.lab || !opts.lab ? opts.title : `${opts.title} · ${opts.lab}`);
  const own = opts.image || undefined;
  const imagePath = own ?? DEFAULT_SHARE_IMAGE;
  const image = imagePath.startsWith('http') ? imagePath : `${opts.origin}${imagePath}`;
  return [
    { title },
    { name: 'description', content: description },
    // the canonical URL is the page itself: with ?lang= when the request forced a language
    { tagName: 'link', rel: 'canonical', href: opts.forced ? withLang(opts.lang) : url },
    ...(opts.langs ?? (['zh', 'en'] as const)).map((l) => ({ tagName: 'link', rel: 'alternate', hrefLang: l, href: withLang(l) })),
    { tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: url },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: opts.forced ? withLang(opts.lang) : url },
    { property: 'og:type', content: opts.type ?? 'website' },
    { property: 'og:locale', content: opts.lang === 'zh' ? 'zh_CN' : 'en_US' },
    ...(opts.lab ? [{ property: 'og:site_name', content: opts.lab }] : []),
    { property: 'og:image', content: image },
    // a page's own picture (an article's, a course's) shows large; the lab's square card and a portrait small
    { name: 'twitter:card', content: own && opts.type !== 'profile' ? 'summary_large_image' : 'summary' },
  ];
}
