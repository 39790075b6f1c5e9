import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// Anonymous public HTML, kept in memory with its gzip and brotli forms, and dropped whole on any
// write that changes what public pages show. Every public page is anonymous: the login state lives in
// the browser and the page shows it only after hydration.

export type CachedPage = { status: number; body: Buffer; gzip: Buffer; br: Buffer; etag: string };

export class PageCache {
  private readonly pages = new Map<string, CachedPage>();
  readonly max: number;
  hits = 0;
  misses = 0;

  constructor(max = 1000) {
    this.max = max;
  }

  get(key: string): CachedPage | undefined {
    const page = this.pages.get(key);
    if (page) this.hits++;
    else this.misses++;
    return page;
  }

  set(key: string, status: number, body: Buffer): CachedPage {
    if (this.pages.size >= this.max) {
      const oldest = this.pages.keys().next().value;
      if (oldest !== undefined) this.pages.delete(oldest);
    }
    const page: CachedPage = {
      status,
      body,
      gzip: gzipSync(body, { level: 6 }),
      br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } }),
      etag: `W/"${body.length.toString(16)}-${Date.now().toString(16)}"`,
    };
    this.pages.set(key, page);
    return page;
  }

  clear(): void {
    this.pages.clear();
  }

  get size(): number {
    return this.pages.size;
  }
}
