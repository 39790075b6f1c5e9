// A lab filled through the API (npm run bench -- scale with BENCH_FILL=http): every person, publication,
// article and news item of a size (scale-seed.ts) created by an HTTP call, as a lab importing its history
// would, into a running server. The services-only seed never shows what a server keeps after writes.
import { type Entry, entries, type Size } from './scale-seed.ts';

/** POSTs one record as the console does (a form), with the administrator's token; throws on a refusal. */
async function post(base: string, token: string, { resource, input }: Entry): Promise<void> {
  const form = new FormData();
  for (const [k, v] of Object.entries(input)) form.append(k, v);
  const res = await fetch(`${base}${resource.path}`, { method: 'POST', headers: { authorization: `Token ${token}` }, body: form });
  const text = await res.text();
  if (!res.ok) throw new Error(`POST ${resource.path} answered ${res.status}: ${text.slice(0, 300)}`);
}

/** Creates the records of `size` (of one resource, `only`, if named) in the server at `base`, `concurrency` calls at a time; resolves with how many. */
export async function fillOverHttp(base: string, token: string, size: Size, concurrency = 4, only?: string): Promise<number> {
  const source = (function* () {
    for (const e of entries(size)) if (!only || e.resource.name === only) yield e;
  })();
  let count = 0;
  const worker = async () => {
    for (let next = source.next(); !next.done; next = source.next()) {
      await post(base, token, next.value);
      count++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return count;
}
