import type { MessageKey, ZodishIssue } from '../common/messages.ts';

// The errors a service raises, in the terms of the lab rather than of HTTP: a record that does not exist,
// a rule that refuses the request, a field that is wrong. Services never name a status; the one error
// handler (server/http/errors.ts) turns each into its answer, with the message in the request's language.

type Params = Record<string, string | number>;

/** The record asked for does not exist (or is not visible to the caller); `key` says what, where there is more to say. */
export class NotFound extends Error {
  readonly key: MessageKey;
  constructor(key: MessageKey = 'not_found') {
    super('not found');
    this.key = key;
  }
}

/** A service the lab's server asks in turn (a DOI registry) did not answer in time, or answered an error. */
export class Unavailable extends Error {
  readonly key: MessageKey;
  /** What the message names (the index that failed: server/sync/upstream.ts). */
  readonly params: Params;
  constructor(key: MessageKey, params: Params = {}, options?: ErrorOptions) {
    super(key, options);
    this.key = key;
    this.params = params;
  }
}

/** The caller may not do this; `key` says why when there is more to say than "forbidden". */
export class Forbidden extends Error {
  readonly key: MessageKey;
  constructor(key: MessageKey = 'forbidden') {
    super(key);
    this.key = key;
  }
}

/** Nobody is logged in where a member must be. */
export class Unauthenticated extends Error {
  constructor() {
    super('unauthenticated');
  }
}

/** Too many tries of something guarded (a wrong current password). */
export class TooManyTries extends Error {
  constructor() {
    super('rate_limited');
  }
}

/** A request the rules refuse as a whole, not for one field (deleting one's own account). */
export class Refused extends Error {
  readonly key: MessageKey;
  readonly params: Params;
  constructor(key: MessageKey, params: Params = {}, options?: ErrorOptions) {
    super(key, options);
    this.key = key;
    this.params = params;
  }
}

/** Field errors, each a message key (translated when sent). */
export class FieldError extends Error {
  readonly fields: Record<string, { key: MessageKey; params?: Params }[]>;
  constructor(fields: FieldError['fields']) {
    super('field errors');
    this.fields = fields;
  }
  static one(field: string, key: MessageKey, params?: Params): FieldError {
    return new FieldError({ [field]: [{ key, ...(params ? { params } : {}) }] });
  }
}

/** A body or query that failed its zod schema. */
export class InputError extends Error {
  readonly issues: readonly (ZodishIssue & { path?: readonly PropertyKey[] })[];
  constructor(issues: InputError['issues']) {
    super('invalid input');
    this.issues = issues;
  }
}
