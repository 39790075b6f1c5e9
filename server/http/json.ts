import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from './errors.ts';

// JSON bodies are bounded in depth before they are parsed: a body nested some thousands of
// levels deep overflowed the stack of a recursive walk over it (the NUL check, JSON.stringify) and answered
// 500 on both databases. No call of SPEC §7 nests deeper than a few levels; MAX_JSON_DEPTH leaves room.

/** The deepest nesting of arrays and objects a body may have. */
export const MAX_JSON_DEPTH = 32;

/** Whether JSON text nests deeper than `max`: one pass over the text, no recursion, strings skipped. */
export function jsonTooDeep(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      // a backslash escapes the next character
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** Whether a parsed value nests deeper than `max`, walked without recursion. */
export function valueTooDeep(value: unknown, max = MAX_JSON_DEPTH): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop() as [unknown, number];
    if (v === null || typeof v !== 'object') continue;
    if (depth + 1 > max) return true;
    for (const child of Object.values(v)) stack.push([child, depth + 1]);
  }
  return false;
}

export const tooDeep = () => new ApiError(400, 'too_deep', { max: MAX_JSON_DEPTH });

export const jsonPlugin = fp(async (app: FastifyInstance) => {
  // Fastify's own parser (prototype poisoning refused), after the depth check
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (jsonTooDeep(body as string)) return done(tooDeep(), undefined);
    parse(req, body as string, done);
  });
});
