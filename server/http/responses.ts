import type { FastifyBaseLogger, FastifySerializerCompiler } from 'fastify';
import type { z } from 'zod';

// Every route declares the shape of its answers (zod, the same schemas OpenAPI shows); answers leave as
// the handler made them (JSON.stringify), never as a parsed copy. Outside production each answer is
// checked against its schema first, strictly (an object with a key its schema does not name fails), and a
// mismatch is an error: a 500 the API suites see. In production a drift must never cost a reader the
// page, and no answer pays for a check: only the first answer of each route and status is checked, and a
// mismatch is logged, once (docs/decisions/013-one-declaration-for-real.md). That first check reads at most the first
// SAMPLE items of a list: the items share one shape, and parsing 10,000 publications made a copy of them
// all, a peak of heap V8 then kept for the process's life.

/** How many items of a list answer the production check reads. */
export const SAMPLE = 50;

/** An answer that does not match its route's response schema. */
export class ResponseShapeError extends Error {
  readonly issues: readonly z.core.$ZodIssue[];
  constructor(method: string, url: string, status: string | undefined, error: z.ZodError) {
    super(`${method} ${url} answered (${status ?? 'default'}) a shape its response schema does not allow: ${error.message}`);
    this.issues = error.issues;
  }
}

export type ResponseCheck = { mode: 'every answer' } | { mode: 'first answer'; log: FastifyBaseLogger };

/** The serializer of every route's answers. */
export function responseSerializer(check: ResponseCheck): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url, httpStatus }) => {
    const mismatch = (data: unknown) => {
      const result = schema.safeParse(data);
      return result.success ? undefined : new ResponseShapeError(method, url, httpStatus, result.error);
    };
    if (check.mode === 'every answer') {
      return (data: unknown) => {
        const error = mismatch(data);
        if (error) throw error;
        return JSON.stringify(data);
      };
    }
    let checked = false;
    return (data: unknown) => {
      if (!checked) {
        checked = true;
        const error = mismatch(Array.isArray(data) && data.length > SAMPLE ? data.slice(0, SAMPLE) : data);
        if (error) check.log.warn({ issues: error.issues }, error.message);
      }
      return JSON.stringify(data);
    };
  };
}
