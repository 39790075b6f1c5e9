import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Lang } from '../../common/enums.ts';
import { detailText, type FieldErrors, type MessageKey, t, type ZodishIssue, zodFieldErrors } from '../../common/messages.ts';
import { FieldError, Forbidden, InputError, NotFound, Refused, TooManyTries, Unauthenticated, Unavailable } from '../errors.ts';
import { StorageUnavailable } from '../storage/storage.ts';

// One error handler for the whole API: field errors as SPEC §5's object of field → messages,
// everything else as { detail } in the request's language, and never a stack trace to the client. The
// services' errors (server/errors.ts) get their statuses here; ApiError is the HTTP layer's own.

/** Field errors about a file of the wrong type (or one that cannot be read as its type) answer 415 (DESIGN.md), still naming the field. */
const wrongType = new Set<MessageKey>(['image_type', 'import_type', 'import_unreadable']);
export const fieldErrorStatus = (e: FieldError) => (Object.values(e.fields).some((list) => list.some((m) => wrongType.has(m.key))) ? 415 : 400);

/** `{ detail }` in the request's language: every error but field errors. */
export const DetailSchema = z.strictObject({ detail: z.string() });

/** Every error body this handler answers: `{ detail }`, field → messages, or (info pages) a flat list of messages. */
export const ErrorBodySchema = z.union([DetailSchema, z.record(z.string(), z.array(z.string())), z.array(z.string())]);

export class ApiError extends Error {
  readonly statusCode: number;
  readonly key: MessageKey;
  readonly params: Record<string, string | number>;
  constructor(statusCode: number, key: MessageKey, params: Record<string, string | number> = {}) {
    super(key);
    this.statusCode = statusCode;
    this.key = key;
    this.params = params;
  }
}

export function requestLang(req: FastifyRequest): Lang {
  const header = req.headers['accept-language'];
  return typeof header === 'string' && header.trim().toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

function sendFieldErrors(req: FastifyRequest, reply: FastifyReply, errors: FieldErrors, status = 400) {
  // info pages answer a flat list of messages (SPEC §7)
  if (req.routeOptions.config?.flatErrors) {
    return reply.code(status).send(Object.entries(errors).flatMap(([f, ms]) => ms.map((m) => `${f}: ${m}`)));
  }
  return reply.code(status).send(errors);
}

const fastifyCodes: Record<string, [number, MessageKey]> = {
  FST_REQ_FILE_TOO_LARGE: [413, 'file_too_large'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'file_too_large'],
  FST_FILES_LIMIT: [413, 'file_too_large'],
  FST_PARTS_LIMIT: [413, 'file_too_large'],
  FST_FIELDS_LIMIT: [413, 'file_too_large'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'unsupported_media'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, 'not_multipart'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'bad_request'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'bad_request'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'bad_request'],
  FST_PROTO_VIOLATION: [400, 'bad_request'],
  FST_INVALID_JSON_FIELD_ERROR: [400, 'bad_request'],
  FST_MP_PREMATURE_CLOSE: [400, 'bad_request'],
};

/** PostgreSQL's SQLSTATEs for data it refuses (class 22): bad encoding, NUL, out-of-range numbers, bad text for a type. */
const dataErrors = new Set(['22021', '22P05', '22003', '22P02', '22001', '22007', '22008']);

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    const lang = requestLang(req);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v): ZodishIssue & { path: string[] } => ({
        ...v.params,
        message: v.message,
        code: v.keyword,
        path: v.instancePath.split('/').filter(Boolean),
      }));
      return sendFieldErrors(req, reply, zodFieldErrors(lang, issues));
    }
    if (error instanceof FieldError) {
      const out: FieldErrors = {};
      for (const [field, list] of Object.entries(error.fields)) out[field] = list.map((m) => t(lang, m.key, m.params));
      return sendFieldErrors(req, reply, out, fieldErrorStatus(error));
    }
    if (error instanceof InputError) return sendFieldErrors(req, reply, zodFieldErrors(lang, error.issues));
    if (error instanceof NotFound) return reply.code(404).send({ detail: detailText(lang, error.key) });
    if (error instanceof Unavailable) return reply.code(502).send({ detail: detailText(lang, error.key, error.params) });
    if (error instanceof Forbidden) return reply.code(403).send({ detail: detailText(lang, error.key) });
    if (error instanceof Unauthenticated) return reply.code(401).send({ detail: detailText(lang, 'unauthenticated') });
    if (error instanceof TooManyTries) return reply.code(429).send({ detail: detailText(lang, 'rate_limited') });
    if (error instanceof Refused) return reply.code(400).send({ detail: detailText(lang, error.key, error.params) });
    if (error instanceof StorageUnavailable) {
      // the bucket did not answer within S3_TIMEOUT_MS, or could not be reached: the log says which and why
      req.log.error({ err: error.message }, 'the file storage is unavailable');
      return reply
        .code(503)
        .header('Retry-After', '30')
        .send({ detail: detailText(lang, 'storage_unavailable') });
    }
    if (error instanceof ApiError) {
      const detail = detailText(lang, error.key, error.params);
      // a body refused as a whole (too deep…) is an error of the request, a list of messages where those are lists
      if (error.statusCode === 400 && req.routeOptions.config?.flatErrors) return reply.code(400).send([detail]);
      return reply.code(error.statusCode).send({ detail });
    }
    const known = error.code ? fastifyCodes[error.code] : undefined;
    if (known) {
      const detail = detailText(lang, known[1], { limit: req.routeOptions.config?.uploadLimitText ?? '' });
      // a body that could not be read is an error of the request, a list of messages where those are lists
      if (known[0] === 400 && req.routeOptions.config?.flatErrors) return reply.code(400).send([detail]);
      return reply.code(known[0]).send({ detail });
    }
    if (error.statusCode === 429) return reply.code(429).send({ detail: detailText(lang, 'rate_limited') });
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send({ detail: detailText(lang, 'bad_request') });
    }
    // a value the database refused as data (text it cannot encode, a number out of its range): the
    // request's fault, and nothing was stored. The edge (server/http/text.ts) catches these first.
    const sqlState = (error as { code?: unknown }).code;
    // the disk filled while a body was written: its temporary files are gone (http/multipart.ts), nothing was stored
    if (sqlState === 'ENOSPC') return reply.code(507).send({ detail: detailText(lang, 'storage_full') });
    if (typeof sqlState === 'string' && dataErrors.has(sqlState)) {
      return reply.code(400).send({ detail: detailText(lang, sqlState === '22021' || sqlState === '22P05' ? 'invalid_characters' : 'bad_request') });
    }
    req.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ detail: detailText(lang, 'server_error') });
  });
});

declare module 'fastify' {
  interface FastifyContextConfig {
    flatErrors?: boolean;
    uploadLimitText?: string;
  }
}
