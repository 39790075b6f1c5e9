import { PassThrough } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import type { EntryContext, RouterContextProvider } from 'react-router';
import { ServerRouter } from 'react-router';
import { scriptMarkContext } from '#page-context';

// Pages are rendered whole before they are sent (all their data is loaded first), so a page is one
// complete HTML document: readable without JavaScript, and cacheable as it is (server/pages/plugin.ts).

export const streamTimeout = 5_000;

/**
 * A public page's scripts are fetched after what it shows: its HTML is the page, and they only hydrate it, so
 * their preloads (React Router's, in <head>) ask for a low priority and leave the bandwidth of a slow phone to the
 * hero image and the first paint (docs/decisions/081-public-page-weight.md). The console's screens are drawn
 * by their scripts, which keep the browser's usual priority.
 */
function lowPriorityScripts(html: string, context: EntryContext): string {
  const isPublic = context.staticHandlerContext.matches.some((m) => m.route.id === 'routes/public/frame');
  return isPublic ? html.replaceAll('<link rel="modulepreload" ', '<link rel="modulepreload" fetchpriority="low" ') : html;
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === 'HEAD') return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    // every script React Router writes carries this render's mark, so the page's policy can tell them from
    // any other (server/http/csp.ts)
    const mark = loadContext.get(scriptMarkContext) || undefined;
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} nonce={mark} />, {
      onAllReady() {
        const chunks: Buffer[] = [];
        const sink = new PassThrough();
        sink.on('data', (c: Buffer) => chunks.push(c));
        sink.on('end', () => {
          clearTimeout(timer);
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          // React writes the doctype itself when it renders <html>; a second one is added nowhere
          const html = lowPriorityScripts(Buffer.concat(chunks).toString('utf8'), routerContext);
          resolve(new Response(/^<!DOCTYPE html>/i.test(html) ? html : `<!DOCTYPE html>${html}`, { headers: responseHeaders, status }));
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
    });
    const timer = setTimeout(() => abort(), streamTimeout + 1000);
  });
}
