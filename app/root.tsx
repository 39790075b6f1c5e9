import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useEffect, useMemo } from 'react';
import { I18nextProvider } from 'react-i18next';
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError, useRouteLoaderData } from 'react-router';
import { pageDataContext } from '#page-context';
import { createI18n } from './i18n/index.ts';
import { theme } from './lib/theme.ts';
import type { Route } from './+types/root.ts';

export async function loader({ context }: Route.LoaderArgs) {
  const data = context.get(pageDataContext);
  const site = await data.site();
  return {
    lang: data.lang,
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

export type RootData = Awaited<ReturnType<typeof loader>>;

export function useRootData(): RootData {
  return useRouteLoaderData('root') as RootData;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData('root') as RootData | undefined;
  const lang = data?.lang ?? 'en';
  return (
    <html lang={lang === 'zh' ? 'zh-CN' : 'en'}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1e4f91" />
        <link rel="icon" href="/static/favicon.svg" type="image/svg+xml" />
        <link rel="alternate" type="application/rss+xml" title="News" href="/feed/news.xml" />
        <Meta />
        <meta name="emotion-insertion-point" content="" />
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
  const i18n = useMemo(() => createI18n(loaderData.lang), [loaderData.lang]);
  useEffect(() => {
    document.documentElement.lang = loaderData.lang === 'zh' ? 'zh-CN' : 'en';
  }, [loaderData.lang]);
  return (
    <I18nextProvider i18n={i18n}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <Outlet />
      </ThemeProvider>
    </I18nextProvider>
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
        <a href="/">{zh ? '返回首页' : 'Go to the home page'}</a>
      </p>
    </main>
  );
}
