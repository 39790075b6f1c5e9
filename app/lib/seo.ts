import type { MetaDescriptor } from 'react-router';
import type { Lang } from '../../common/enums.ts';

// Title, description, canonical URL, hreflang alternates and Open Graph tags of a public page.
export function seo(opts: {
  title: string;
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
  const image = opts.image ? (opts.image.startsWith('http') ? opts.image : `${opts.origin}${opts.image}`) : undefined;
  return [
    { title: opts.title },
    { name: 'description', content: description },
    // the canonical URL is the page itself: with ?lang= when the request forced a language
    { tagName: 'link', rel: 'canonical', href: opts.forced ? withLang(opts.lang) : url },
    ...(opts.langs ?? (['zh', 'en'] as const)).map((l) => ({ tagName: 'link', rel: 'alternate', hrefLang: l, href: withLang(l) })),
    { tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: url },
    { property: 'og:title', content: opts.title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: opts.forced ? withLang(opts.lang) : url },
    { property: 'og:type', content: opts.type ?? 'website' },
    { property: 'og:locale', content: opts.lang === 'zh' ? 'zh_CN' : 'en_US' },
    ...(image ? [{ property: 'og:image', content: image }] : []),
  ];
}
