// Reads answer wire records (crud's `toWire`), which the conversion types loosely as
// `Record<string, unknown>`. `asWire` takes them as the shape the read promises (a projection of
// common/wire.ts, or a `WireRow` of the declaration). The promise is kept by the schemas, not by this
// cast: every route's answer is checked against its response schema, strictly, in the API suites
// (server/http/responses.ts; the public reads also in tests/api/response-schemas.test.ts), and the pages
// built from these reads are a record (tests/e2e/public-html.test.ts).

export const asWire = <T>(records: unknown): T => records as T;
