import { Worker } from 'node:worker_threads';
import type { CSL } from '@citation-js/core';
import { SaxesParser } from 'saxes';
import type { Lang } from '../../../common/enums.ts';
import { FieldError, NotFound } from '../../errors.ts';
import { workerFile } from '../../worker-file.ts';
import type { DB } from '../../db/database.ts';
import type { PublicPublication } from '../../../common/wire.ts';
import { citationsOf, plainItems } from '../citations.ts';
import { DEFAULT_CITE_STYLES, shippedStyle, shippedStyles } from './styles.ts';

// An administrator's own CSL styles (the lab's journal's): a .csl file is checked (well-formed XML read by
// saxes, which resolves no entity, and no DOCTYPE at all; a <style> of the CSL namespace, version 1.0, with a
// title, an id and a bibliography; at most MAX_BYTES), tried on a sample reference in a worker thread, and
// kept whole in the database (table csl_style, so backups carry it). Every rendering with such a style runs
// in a worker thread ended after RENDER_MS: a hostile style (macros calling each other without end) never
// holds the event loop.

/** The largest style file taken: the official repository's largest is about 250 kB. */
export const MAX_BYTES = 1024 * 1024;
/** How long a style may take to write references, and the memory its worker may use. */
const LIMITS = { ms: 5000, heapMb: 256 } as const;
/** How many styles render at once; more wait their turn (each worker holds a core while it runs). */
const RENDERERS = 2;

const CSL_NS = 'http://purl.org/net/xbiblio/csl';

export type CustomStyle = { id: string; title: string; created_at: string };

/** What a .csl file says of itself, once it is found to be one: its id (as the site names it) and title. */
function checkStyle(text: string): { id: string; title: string } {
  const refuse = (key: Parameters<typeof FieldError.one>[1], params?: Record<string, string>) => FieldError.one('file', key, params);
  if (Buffer.byteLength(text) > MAX_BYTES) throw FieldError.one('file', 'file_too_large', { limit: '1 MB' });
  const parser = new SaxesParser({ xmlns: true });
  const path: string[] = [];
  let buffer = '';
  let title = '';
  let cslId = '';
  let root: { ok: boolean } | undefined;
  let bibliography = false;
  let doctype = false;
  // stopped at a DOCTYPE, before any entity it declares could be used
  parser.on('doctype', () => {
    doctype = true;
    throw new Error('doctype');
  });
  parser.on('opentag', (tag) => {
    if (!root) root = { ok: tag.uri === CSL_NS && tag.local === 'style' && tag.attributes.version?.value === '1.0' };
    path.push(tag.uri === CSL_NS ? tag.local : `{${tag.uri}}${tag.local}`);
    if (path.join('/') === 'style/bibliography') bibliography = true;
    buffer = '';
  });
  parser.on('text', (t) => {
    if (buffer.length < 1000) buffer += t;
  });
  parser.on('closetag', () => {
    const at = path.join('/');
    if (at === 'style/info/title' && !title) title = buffer.trim().slice(0, 300);
    if (at === 'style/info/id' && !cslId) cslId = buffer.trim();
    path.pop();
    buffer = '';
  });
  try {
    parser.write(text).close();
  } catch (e) {
    if (doctype) throw refuse('csl_doctype');
    throw refuse('csl_not_xml', {
      detail:
        String((e as Error).message)
          .split('\n')[0]
          ?.slice(0, 200) ?? '',
    });
  }
  if (!root?.ok) throw refuse('csl_not_style');
  if (!title || !cslId) throw refuse('csl_no_info');
  if (!bibliography) throw refuse('csl_no_bibliography');
  return { id: siteIdOf(cslId), title };
}

/** The site's name for a style: the last part of its CSL id (http://www.zotero.org/styles/ieee is ieee), letters, digits and hyphens. */
function siteIdOf(cslId: string): string {
  const last = cslId.replace(/\/+$/, '').split('/').pop() ?? '';
  const id = last
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/, '');
  return id || 'custom';
}

/** A reference every style can write: what an uploaded style is tried on before it is kept. */
const SAMPLE: CSL = {
  id: 'sample',
  type: 'article-journal',
  title: 'A sample title',
  author: [{ family: 'Zhang', given: 'San' }],
  'container-title': 'Journal of Examples',
  volume: '1',
  issue: '2',
  page: '3-4',
  issued: { 'date-parts': [[2024]] },
};

let running = 0;
const waiting: (() => void)[] = [];

/**
 * References of `items` in the style `xml`, in their order, written in a worker thread: refused (a bilingual
 * 400 on `field`) when the processor cannot use the style, or when it takes longer or more memory than `limits`.
 */
export async function renderCustom(xml: string, items: readonly CSL[], field = 'style', limits: { ms: number; heapMb: number } = LIMITS): Promise<string[]> {
  if (items.length === 0) return [];
  if (running >= RENDERERS) await new Promise<void>((r) => waiting.push(r));
  running++;
  try {
    return await inWorker(xml, items, field, limits);
  } finally {
    running--;
    waiting.shift()?.();
  }
}

function inWorker(xml: string, items: readonly CSL[], field: string, limits: { ms: number; heapMb: number }): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerFile(import.meta.url, 'csl-worker'), {
      resourceLimits: { maxOldGenerationSizeMb: limits.heapMb, maxYoungGenerationSizeMb: 32 },
    });
    const tooSlow = () => FieldError.one(field, 'csl_too_slow', { seconds: Math.ceil(limits.ms / 1000) });
    let done = false;
    const finish = (outcome: () => void) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      void worker.terminate();
      outcome();
    };
    const timer = setTimeout(() => finish(() => reject(tooSlow())), limits.ms);
    worker.once('message', (answer: { references?: string[]; error?: string }) =>
      finish(() =>
        answer.references ? resolve(answer.references) : reject(FieldError.one(field, 'csl_failed', { detail: (answer.error ?? '').slice(0, 300) })),
      ),
    );
    // out of memory or a stack overflow: as too slow, the style does not finish
    worker.once('error', () => finish(() => reject(tooSlow())));
    worker.once('exit', () => finish(() => reject(tooSlow())));
    worker.postMessage({ xml, items });
  });
}

/** The administrator's own styles, oldest first. */
const listCustom = (db: DB): Promise<CustomStyle[]> =>
  db.selectFrom('csl_style').select(['id', 'title', 'created_at']).orderBy('created_at').orderBy('id').execute();

/** One of them with its XML, or nothing. */
export const customStyle = (db: DB, id: string) => db.selectFrom('csl_style').selectAll().where('id', '=', id).executeTakeFirst();

/** A .csl file checked, tried and kept: its id and title. */
export async function addCustom(db: DB, file: Buffer): Promise<CustomStyle> {
  const text = file.toString('utf8').replace(/^\uFEFF/, '');
  const { id, title } = checkStyle(text);
  if (shippedStyle(id) || (await customStyle(db, id))) throw FieldError.one('file', 'csl_taken', { id });
  await renderCustom(text, [SAMPLE], 'file');
  const row = { id, title, created_at: new Date().toISOString() };
  await db
    .insertInto('csl_style')
    .values({ ...row, xml: text })
    .execute();
  return row;
}

/** An administrator's style deleted; a site setting that names it simply no longer offers it. */
export async function removeCustom(db: DB, id: string): Promise<void> {
  const { numDeletedRows } = await db.deleteFrom('csl_style').where('id', '=', id).executeTakeFirst();
  if (Number(numDeletedRows) === 0) throw new NotFound();
}

/**
 * Every style the site can use: the shipped ones, then the administrator's own, with their names in the reader's
 * language; `default`: offered when the site chose none, at its place among them (0, 1, …).
 */
export async function allStyles(db: DB, lang: Lang): Promise<{ id: string; name: string; shipped: boolean; default: number | null }[]> {
  const at = (id: string) => (DEFAULT_CITE_STYLES.includes(id) ? DEFAULT_CITE_STYLES.indexOf(id) : null);
  return [
    ...shippedStyles.map((s) => ({ id: s.id, name: s.name[lang], shipped: true, default: at(s.id) })),
    ...(await listCustom(db)).map((s) => ({ id: s.id, name: s.title, shipped: false, default: null })),
  ];
}

/** The styles a site setting names, in its order; the default (the GB/T style and APA) when it names none. */
const chosenStyles = (setting: string | null | undefined): readonly string[] => {
  const ids = (setting ?? '').split(',').filter(Boolean);
  return ids.length > 0 ? [...new Set(ids)] : DEFAULT_CITE_STYLES;
};

/**
 * The Cite block of a publication's page in the styles the site chose, in its order: the shipped ones by
 * citationsOf, an administrator's own each in a worker thread (one that fails or takes too long is left out,
 * the rest of the page is not held).
 */
export async function citeBoxOf(db: DB, p: PublicPublication) {
  const setting = (await db.selectFrom('site_settings').select('cite_styles').executeTakeFirst())?.cite_styles;
  const chosen = chosenStyles(setting);
  const cite = await citationsOf(p, chosen);
  const found = new Map(cite.styles.map((s) => [s.id, s]));
  for (const id of chosen.filter((i) => !shippedStyle(i))) {
    const own = await customStyle(db, id);
    if (!own) continue;
    try {
      const [text = ''] = await renderCustom(own.xml, plainItems([p]));
      found.set(id, { id, name: { zh: own.title, en: own.title }, text });
    } catch {
      // checked and tried when it was uploaded: a publication it cannot write is left out of the box
    }
  }
  return { ...cite, styles: chosen.flatMap((id) => found.get(id) ?? []) };
}
