import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { FieldMap } from '../../common/fields.ts';
import { requestLang } from '../http/errors.ts';
import type { Ctx } from '../services/context.ts';
import '../lab.ts';
import { InputError, NotFound } from '../errors.ts';

// Small pieces every route file uses: the service context of a request, input validation
// with bilingual messages, id query parameters, and the "success" answer of SPEC §7.

export function ctxOf(app: FastifyInstance, req: FastifyRequest): Ctx {
  return {
    db: app.lab.db,
    storage: app.lab.storage,
    actor: req.actor,
    token: req.token,
    lang: requestLang(req),
    onPublicChange: (topic) => app.lab.changes.changed(topic),
  };
}

export function parseInput<T>(schema: z.ZodType<T>, data: unknown): T {
  const result = schema.safeParse(data ?? {});
  if (!result.success) throw new InputError(result.error.issues);
  return result.data;
}

/** Ids are SQL integer columns (PostgreSQL int4): anything larger names no record. */
export const MAX_ID = 2_147_483_647;

/** A record id written in decimal, or undefined for anything that cannot name a record. */
export function parseId(raw: unknown): number | undefined {
  if (typeof raw !== 'string' || !/^\d{1,10}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id <= MAX_ID ? id : undefined;
}

/** A numeric id from the query (?aid=, ?pid=…); anything else names no record. */
export function idParam(req: FastifyRequest, name: string): number {
  const id = parseId((req.query as Record<string, unknown>)[name]);
  if (id === undefined) throw new NotFound();
  return id;
}

export function success(reply: FastifyReply, id?: number) {
  if (id !== undefined) reply.header('X-Resource-Id', String(id));
  return reply.code(200).type('application/json; charset=utf-8').send('"success"');
}

/** A documentation-only body schema (OpenAPI): every declared field as its wire type. */
export function docBody(fields: FieldMap, extra: Record<string, z.ZodType> = {}) {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, def] of Object.entries(fields)) {
    shape[name] = z
      .any()
      .optional()
      .describe(`${def.label.en} (${def.kind}${def.required ? ', required' : ''})`);
    if (def.numField) shape[def.numField] = z.any().optional().describe(`${def.label.en} number`);
  }
  return z.object({ ...shape, ...extra }).loose();
}

export const SuccessSchema = z.literal('success');
export const DetailSchema = z.object({ detail: z.string() });

export const multipartConsumes = ['multipart/form-data', 'application/json'];

export const idQuery = (name: string) => z.object({ [name]: z.string().optional().describe(`${name} of the record`) }).loose();
