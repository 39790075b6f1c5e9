import { useEffect } from 'react';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useRouteError, useRouteLoaderData } from 'react-router';
import { pageDataContext } from '#page-context';
import { I18nProvider } from './i18n/index.tsx';
import { useTheme } from './lib/theme.ts';
import publicCss from './styles/public.css?inline';
import searchCss from './styles/search.css?inline';
import type { Route } from './+types/root.ts';
import { at } from './lib/base.ts';
import { paths } from '../common/paths.ts';

/** The bar without scripts, from a tablet's width: the whole menu, never the menu button (more specific than the width rules of public.css). */
const NO_SCRIPT_BAR =
  '@media (min-width: 600px) { html .appbar[class] { --bar-nav: flex; --bar-spacer: none; --bar-menu: none; } ' +
  'html .appbar[class] .nav { overflow-x: auto; } html .appbar[class] .nav > a[data-below] { display: block; } html .appbar[class] .nav-more { display: none; } }';

/**
 * The site's stylesheet, inline in the server's HTML. The browser's bundle leaves it out (23 KB it would parse
 * again): hydration keeps an element's inner HTML as the server wrote it, and the client renders the same ''.
 */
const INLINE_CSS = import.meta.env.SSR ? publicCss + searchCss : '';

export async function loader({ context }: Route.LoaderArgs) {
  const data = context.get(pageDataContext);
  const site = await data.site();
  // the menu entries of declared public resources; none, and the page's data is as before
  const nav = data.declaredNav();
  return {
    ...(nav.length > 0 ? { nav } : {}),
    lang: data.lang,
    theme: data.theme,
    origin: data.origin,
    site: {
      lab_name_zh: site.lab_name_zh,
      lab_name_en: site.lab_name_en,
      location_zh: site.location_zh,
      location_en: site.location_en,
      email: site.email,
      qr_image_url: site.qr_image_url,
      filing_number: site.filing_number,
    },
  };
}

/** The top bar's colour (public.css --bar) in the light and the dark theme, for the browser's own frame. */
const BAR = { light: '#1e4f91', dark: '#1b2533' } as const;

export type RootData = Awaited<ReturnType<typeof loader>>;

export function useRootData(): RootData {
  return useRouteLoaderData('root') as RootData;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData('root') as RootData | undefined;
  const lang = data?.lang ?? 'en';
  const chosen = useTheme(data?.theme ?? 'system');
  // the console and the advisor's area follow it too (their MUI theme, app/console/frame.tsx)
  const theme = chosen;
  return (
    // the reader's chosen theme is in the server's HTML, so the first paint has it (public.css)
    <html lang={lang === 'zh' ? 'zh-CN' : 'en'} data-theme={theme === 'system' ? undefined : theme}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* the top bar's colour in each theme (public.css --bar) */}
        <meta name="theme-color" media="(prefers-color-scheme: light)" content={theme === 'dark' ? BAR.dark : BAR.light} />
        <meta name="theme-color" media="(prefers-color-scheme: dark)" content={theme === 'light' ? BAR.light : BAR.dark} />
        <link rel="icon" href={at('/static/favicon.svg')} type="image/svg+xml" />
        <link rel="alternate" type="application/rss+xml" title="RSS" href={at(paths.newsFeed())} />
        <link rel="alternate" type="application/rss+xml" title="RSS · Publications" href={at(paths.publicationFeed())} />
        <Meta />
        {/* the site's few KB of CSS go inline: no render-blocking request before the first paint */}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own stylesheet, bundled at build time */}
        <style dangerouslySetInnerHTML={{ __html: INLINE_CSS }} />
        {/* without scripts the menu button and "More" open nothing: the bar keeps the whole menu (scrolling sideways
            where it is wider than the window) instead (app/lib/nav-fit.ts) */}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant rule of our own */}
        <noscript dangerouslySetInnerHTML={{ __html: `<style>${NO_SCRIPT_BAR}</style>` }} />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  useEffect(() => {
    document.documentElement.lang = loaderData.lang === 'zh' ? 'zh-CN' : 'en';
  }, [loaderData.lang]);
  return (
    <I18nProvider lang={loaderData.lang}>
      <Outlet />
    </I18nProvider>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData('root') as RootData | undefined;
  const zh = data?.lang === 'zh';
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = notFound ? (zh ? '页面不存在' : 'Page not found') : zh ? '出错了' : 'Something went wrong';
  return (
    <main style={{ fontFamily: 'sans-serif', padding: '3rem 1rem', textAlign: 'center' }}>
      <title>{title}</title>
      <h1>{title}</h1>
      <p>
        <a href={at('/')}>{zh ? '返回首页' : 'Go to the home page'}</a>
      </p>
    </main>
  );
}
