import { Stream } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isUpload } from '../../common/upload.ts';
import { FieldError } from '../errors.ts';
import { ApiError } from './errors.ts';

// Where text is normalized, once, for both databases: a NUL character is refused at the
// edge, in the URL and in every field of a body, with a 400 naming the field. PostgreSQL cannot store
// one (its text types refuse U+0000) and SQLite would, so without this one database would fail what
// the other keeps. Other characters go through as sent: both databases store them alike, and what
// leaves as HTML passes the sanitizer. Invalid UTF-8 in a body is decoded with U+FFFD replacements
// by the JSON and multipart parsers, which both databases store alike too.

/** The name of the first field (dotted path) holding a NUL, or undefined. Walked without recursion (deep bodies). */
function fieldWithNul(value: unknown, path = ''): string | undefined {
  const stack: [unknown, string][] = [[value, path]];
  while (stack.length > 0) {
    const [v, at] = stack.pop() as [unknown, string];
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return at || 'non_field_errors';
      continue;
    }
    // a body left as its stream (the pages' route reads its own) is no field: walking it never ends
    if (v === null || typeof v !== 'object' || isUpload(v) || v instanceof Stream) continue;
    const entries = Object.entries(v);
    if (entries.some(([k]) => k.includes('\u0000'))) return at || 'non_field_errors';
    // in reverse, so the first field is looked at first
    for (let i = entries.length - 1; i >= 0; i--) {
      const [k, child] = entries[i] as [string, unknown];
      stack.push([child, at ? `${at}.${k}` : k]);
    }
  }
  return undefined;
}

/** %00 anywhere in the path or query (double encoding yields the text "%00", not a NUL). */
export const hasNul = (url: string) => /%00/i.test(url) || url.includes('\u0000');

export const textPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (req) => {
    if (hasNul(req.url)) throw new ApiError(400, 'invalid_characters');
  });
  // after the multipart reader (registered before this plugin), before the schemas
  app.addHook('preValidation', async (req) => {
    const field = fieldWithNul(req.body) ?? fieldWithNul(req.query) ?? fieldWithNul(req.params);
    if (field) throw FieldError.one(field, 'invalid_characters');
  });
});
