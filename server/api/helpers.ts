import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError, DetailSchema, ErrorBodySchema, requestLang } from '../http/errors.ts';
import { isMultipartRequest } from '../http/multipart.ts';
import type { Ctx } from '../services/context.ts';
import '../lab.ts';
import { InputError, NotFound } from '../errors.ts';

// Small pieces every route file uses: the service context of a request, input validation
// with bilingual messages, id query parameters, the "success" answer of SPEC §7 and the schemas of answers.

export function ctxOf(app: FastifyInstance, req: FastifyRequest): Ctx {
  return {
    db: app.lab.db,
    storage: app.lab.storage,
    actor: req.actor,
    token: req.token,
    lang: requestLang(req),
    address: req.ip,
    historyKeep: app.lab.config.historyKeep,
    onPublicChange: (topic, record) => app.lab.changes.changed(topic, record),
  };
}

export function parseInput<T>(schema: z.ZodType<T>, data: unknown): T {
  const result = schema.safeParse(data ?? {});
  if (!result.success) throw new InputError(result.error.issues);
  return result.data;
}

/** An onRequest hook of the calls that take multipart bodies only: anything else is a 415 before its body is read. */
export async function multipartOnly(req: FastifyRequest) {
  if (!isMultipartRequest(req)) throw new ApiError(415, 'not_multipart');
}

/** A preValidation hook: a call without a body is judged as an empty object (each missing field named). */
export async function emptyBodyIfNone(req: FastifyRequest) {
  req.body ??= {};
}

/** Ids are SQL integer columns (PostgreSQL int4): anything larger names no record. */
export const MAX_ID = 2_147_483_647;

/** A record id written in decimal, or undefined for anything that cannot name a record. */
export function parseId(raw: unknown): number | undefined {
  if (typeof raw !== 'string' || !/^\d{1,10}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id <= MAX_ID ? id : undefined;
}

/** The record a query parameter names (?aid=, ?pid=…); a 404 for anything that cannot name one. */
export function requireId(raw: unknown): number {
  const id = parseId(raw);
  if (id === undefined) throw new NotFound();
  return id;
}

export function success(reply: FastifyReply, id?: number) {
  if (id !== undefined) reply.header('X-Resource-Id', String(id));
  return reply.code(200).type('application/json; charset=utf-8').send('"success"');
}

/** The routes of a plugin, with req.query, req.body and the answers typed by their zod schemas. */
export const typed = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();

/** A write's answer: the word success (SPEC §7), sent as it is (helpers `success`). */
export const SuccessSchema = z.literal('success');

/**
 * What a route may answer: `ok` on 200, and the error handler's bodies otherwise (server/http/errors.ts).
 * The same schemas check answers outside production (server/http/responses.ts) and fill OpenAPI.
 */
export function answers<T extends z.ZodType>(ok: T) {
  return { 200: ok, '4xx': ErrorBodySchema, '5xx': DetailSchema };
}

/** Either answer of a read that lists, or with its id parameter reads one. */
export const listOrOne = <T extends z.ZodType>(item: T) => z.union([z.array(item), item]);

export const multipartConsumes = ['multipart/form-data', 'application/json'];

/** ?{name}= naming a record; other parameters are ignored. */
export const idQuery = <const N extends string>(name: N) =>
  // a computed key widens to string: the cast keeps its name
  z.object({ [name]: z.string().optional().describe(`${name} of the record`) } as Record<N, z.ZodOptional<z.ZodString>>).loose();
