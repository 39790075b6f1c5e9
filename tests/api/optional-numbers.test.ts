import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, makeApp, type TestApp } from '../helpers/app.ts';
import { type Client, createMember, loginAs } from '../helpers/client.ts';

// An optional number sent empty is cleared, as every optional field is (DESIGN.md "Updates"): the
// console sends a person without an entrance year that way.
describe.each(dialects)('optional numbers on %s', (dialect) => {
  let t: TestApp;
  let admin: Client;
  beforeAll(async () => {
    t = await makeApp(dialect);
    admin = await loginAs(t.app, 'admin', 'admin-password');
  });
  afterAll(() => t.close());

  it('clears an entrance year sent empty and still refuses one that is not a number', async () => {
    const m = await createMember(admin, { entrance: 2020 });
    const read = async () => (await admin.get(`/api/people/?pid=${m.pid}`)).json().entrance;
    expect(await read()).toBe(2020);
    const bad = await admin.send('PUT', `/api/people/?pid=${m.pid}`, { entrance: 'soon' });
    expect(bad.statusCode).toBe(400);
    expect(await read()).toBe(2020);
    const cleared = await admin.send('PUT', `/api/people/?pid=${m.pid}`, { entrance: '' });
    expect(cleared.statusCode).toBe(200);
    expect(await read()).toBeNull();
  });
});
