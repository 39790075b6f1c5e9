import { colon } from '../../common/lang.ts';
import type { FieldErrors } from '../../common/messages.ts';
import type { ResourceDef } from '../../common/resource.ts';
import { CONSOLE_HEADER, clearSession } from '../lib/session.ts';
import { at, siteRelative } from '../lib/base.ts';

// The console's one way to the API: the session cookie with X-Lab-Console (app/lib/session.ts), the interface language
// in Accept-Language, multipart bodies for writes (with upload progress), and a refused token (401)
// ending the session and going back to the login page with the current page as its redirect.

export class ApiFailure extends Error {
  readonly status: number;
  readonly fields: FieldErrors | undefined;
  readonly detail: string | undefined;
  constructor(status: number, body: unknown) {
    super(`HTTP ${status}`);
    this.status = status;
    if (Array.isArray(body)) this.fields = { '': body.map(String) };
    else if (body && typeof body === 'object' && 'detail' in body) this.detail = String((body as { detail: unknown }).detail);
    else if (body && typeof body === 'object') this.fields = body as FieldErrors;
  }
  /** The failure as lines for the red snackbar: "field: message" (SPEC §5), each field named by `label` (its own name unless given). */
  lines(label: (field: string) => string = (f) => f): string[] {
    // the console's language is the page's (<html lang>): the answer came in it
    const sep = colon(document.documentElement.lang.startsWith('zh') ? 'zh' : 'en');
    if (this.fields) return Object.entries(this.fields).flatMap(([f, ms]) => ms.map((m) => (f ? `${label(f)}${sep}${m}` : m)));
    return [this.detail ?? this.message];
  }
}

function toLogin() {
  clearSession();
  const here = `${siteRelative(window.location.pathname)}${window.location.search}`;
  window.location.assign(at(`/login?redirect=${encodeURIComponent(here)}`));
}

/**
 * Downloads a file through the console's session: the cookie goes only with X-Lab-Console, which a plain
 * link cannot send, so the file comes by fetch and leaves as a blob, named as the server names it.
 */
export async function downloadFile(path: string, lang: string, fallbackName: string): Promise<void> {
  const res = await fetch(at(path), { credentials: 'same-origin', headers: { ...CONSOLE_HEADER, 'Accept-Language': lang } });
  if (res.status === 401) toLogin();
  if (!res.ok) throw new ApiFailure(res.status, await res.json().catch(() => null));
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export type Body = Record<string, string | number | boolean | Blob | File | null | undefined | string[]>;

/** Multipart form of a body (SPEC §7 / DESIGN.md: booleans "true"/"false", lists as JSON arrays). */
export function toForm(body: Body): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(body)) {
    if (v === undefined) continue;
    if (v instanceof Blob) fd.append(k, v, v instanceof File ? v.name : `${k}.png`);
    else if (Array.isArray(v)) fd.append(k, JSON.stringify(v));
    else fd.append(k, v === null ? '' : String(v));
  }
  return fd;
}

type Options = {
  json?: unknown;
  form?: FormData;
  onProgress?: (fraction: number) => void;
  lang?: string;
  /** Reads headers of a successful answer (a create's one-time invitation link). */
  onHeaders?: (header: (name: string) => string | null) => void;
};

export function request<T = unknown>(method: string, path: string, opts: Options = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    // the calls name paths of the site; the browser reaches them under BASE_PATH (app/lib/base.ts)
    xhr.open(method, at(path));
    for (const [name, value] of Object.entries(CONSOLE_HEADER)) xhr.setRequestHeader(name, value);
    xhr.setRequestHeader('Accept-Language', opts.lang ?? document.documentElement.lang ?? 'zh');
    if (opts.json !== undefined) xhr.setRequestHeader('Content-Type', 'application/json');
    if (opts.onProgress) xhr.upload.onprogress = (e) => e.lengthComputable && opts.onProgress?.(e.loaded / e.total);
    xhr.onerror = () => reject(new ApiFailure(0, { detail: navigator.onLine ? 'network error' : 'offline' }));
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = { detail: xhr.responseText.slice(0, 200) };
      }
      if (xhr.status === 401) {
        toLogin();
        reject(new ApiFailure(401, body));
        return;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        opts.onHeaders?.((name) => xhr.getResponseHeader(name));
        resolve(body as T);
      } else reject(new ApiFailure(xhr.status, body));
    };
    xhr.send(opts.form ?? (opts.json !== undefined ? JSON.stringify(opts.json) : null));
  });
}

export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  del: (path: string) => request<'success'>('DELETE', path),
  send: (method: 'POST' | 'PUT', path: string, body: Body, onProgress?: (f: number) => void) =>
    request<'success'>(method, path, { form: toForm(body), ...(onProgress ? { onProgress } : {}) }),
  json: (method: 'POST' | 'PUT', path: string, json: unknown) => request<'success'>(method, path, { json }),
  /** A multipart write, and a reader of its answer's headers. */
  async sendReading(method: 'POST' | 'PUT', path: string, body: Body): Promise<(name: string) => string | null> {
    let header: (name: string) => string | null = () => null;
    await request<'success'>(method, path, { form: toForm(body), onHeaders: (h) => (header = h) });
    return header;
  },
};

/**
 * A declared resource's whole list as its screen loads it: one cache entry per resource, which the
 * screen's writes refresh and the quick search (quick-search.tsx) looks a record up in.
 */
export const listQuery = (res: Pick<ResourceDef, 'name' | 'path'>) => ({
  queryKey: [res.name],
  queryFn: () => api.get<Record<string, unknown>[]>(res.path),
});
