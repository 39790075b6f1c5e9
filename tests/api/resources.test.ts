import { describe, expect, it } from 'vitest';
import { person, resources } from '../../common/resources/index.ts';
import { unregistered } from '../../server/registry.ts';
import { cases, declaredResourceSuite } from './resources-suite.ts';

// Every declared resource through the API (tests/api/resources-suite.ts), on SQLite here and on PostgreSQL in
// resources-postgres.test.ts: one file per database, so the two workers share the ~700 tests.

describe('the registry', () => {
  it('holds every declared resource', () => {
    expect(unregistered()).toEqual([]);
    expect(cases.map((c) => c.res.name).sort()).toEqual(
      Object.values(resources)
        .filter((r) => r !== person)
        .map((r) => r.name)
        .sort(),
    );
  });
});

declaredResourceSuite('sqlite');
