import { PassThrough } from 'node:stream';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { renderToPipeableStream } from 'react-dom/server';
import type { EntryContext, RouterContextProvider } from 'react-router';
import { ServerRouter } from 'react-router';
import { createEmotionCache } from './lib/emotion.ts';

// Pages are rendered whole (all data is loaded before rendering), then the critical MUI/emotion
// styles of exactly that HTML are put into <head>: the first paint needs no JavaScript.

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  _loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === 'HEAD') return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  const cache = createEmotionCache();
  const { extractCriticalToChunks, constructStyleTagsFromChunks } = createEmotionServer(cache);

  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    const { pipe, abort } = renderToPipeableStream(
      <CacheProvider value={cache}>
        <ServerRouter context={routerContext} url={request.url} />
      </CacheProvider>,
      {
        onAllReady() {
          const chunks: Buffer[] = [];
          const sink = new PassThrough();
          sink.on('data', (c: Buffer) => chunks.push(c));
          sink.on('end', () => {
            clearTimeout(timer);
            let html = Buffer.concat(chunks).toString('utf8');
            const styles = constructStyleTagsFromChunks(extractCriticalToChunks(html));
            html = html.replace('<meta name="emotion-insertion-point" content=""/>', `<meta name="emotion-insertion-point" content=""/>${styles}`);
            responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
            resolve(new Response(`<!DOCTYPE html>${html.replace(/^<!DOCTYPE html>/i, '')}`, { headers: responseHeaders, status }));
          });
          pipe(sink);
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          status = 500;
          console.error(error);
        },
      },
    );
    const timer = setTimeout(() => abort(), streamTimeout + 1000);
  });
}
