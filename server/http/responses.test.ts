import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ResponseShapeError, responseSerializer, SAMPLE } from './responses.ts';

const Item = z.strictObject({ id: z.number(), title: z.string() });
const route = { schema: z.array(Item), method: 'GET', url: '/api/items/', httpStatus: '200' };
const good = [{ id: 1, title: 'a' }];
const leaking = [{ id: 1, title: 'a', password_hash: 'x' }];
// the serializer calls nothing of its logger but warn
const loggerWith = (warn: () => void) => ({ warn }) as unknown as FastifyBaseLogger;

describe('answers checked against their schemas', () => {
  it('outside production: every answer, and one with a key its schema does not name is an error', () => {
    const serialize = responseSerializer({ mode: 'every answer' })(route);
    expect(serialize(good)).toBe(JSON.stringify(good));
    expect(() => serialize(leaking)).toThrow(ResponseShapeError);
    expect(() => serialize([{ id: '1', title: 'a' }])).toThrow(/GET \/api\/items\//);
    // still checked after a good one
    expect(() => serialize(leaking)).toThrow(ResponseShapeError);
  });

  it('in production: the answer leaves as it is, and only the first is checked, a mismatch logged once', () => {
    const warn = vi.fn();
    const serialize = responseSerializer({ mode: 'first answer', log: loggerWith(warn) })(route);
    expect(serialize(leaking)).toBe(JSON.stringify(leaking));
    expect(serialize(leaking)).toBe(JSON.stringify(leaking));
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[1])).toMatch(/GET \/api\/items\/ answered \(200\)/);
  });

  it('in production: a good first answer logs nothing, and later ones are not checked', () => {
    const warn = vi.fn();
    const serialize = responseSerializer({ mode: 'first answer', log: loggerWith(warn) })(route);
    serialize(good);
    expect(serialize(leaking)).toBe(JSON.stringify(leaking));
    expect(warn).not.toHaveBeenCalled();
  });

  it('in production: the first check of a long list reads its first items only, and still finds a leak among them', () => {
    const warn = vi.fn();
    const parse = vi.spyOn(route.schema, 'safeParse');
    const long = Array.from({ length: 10 * SAMPLE }, (_, id) => ({ id, title: `t${id}` }));
    responseSerializer({ mode: 'first answer', log: loggerWith(warn) })(route)(long);
    expect(parse.mock.calls[0]?.[0]).toHaveLength(SAMPLE);
    expect(warn).not.toHaveBeenCalled();
    responseSerializer({ mode: 'first answer', log: loggerWith(warn) })(route)([...leaking, ...long]);
    expect(warn).toHaveBeenCalledTimes(1);
    parse.mockRestore();
  });
});
