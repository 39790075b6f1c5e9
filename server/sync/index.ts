import type { FastifyInstance } from 'fastify';
import { OpenAlex } from './openalex.ts';

/** The instance's OpenAlex client (one rate limit for the instance): its mailto is SYNC_MAILTO or MAIL_FROM's, else the site's contact e-mail. */
const clients = new WeakMap<FastifyInstance, Promise<OpenAlex>>();

export function openAlexOf(app: FastifyInstance): Promise<OpenAlex> {
  let client = clients.get(app);
  if (!client) {
    client = (async () => {
      const { sync } = app.lab.config;
      const site = sync.mailto ? undefined : await app.lab.db.selectFrom('site_settings').select('email').executeTakeFirst();
      return new OpenAlex(sync, sync.mailto ?? (site?.email || undefined));
    })();
    clients.set(app, client);
  }
  return client;
}
