import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Dblp } from './dblp.ts';
import { OpenAlex } from './openalex.ts';
import { Orcid } from './orcid.ts';
import { Relations } from './relations.ts';

/** This process's name where instances sharing a database take turns (job_claim, sync_run). */
export const instance = `${process.pid}-${randomBytes(4).toString('hex')}`;

/** `relations`: Crossref's and DataCite's records of DOIs, for a preprint's published version (server/sync/relations.ts). */
export type Indexes = { openalex: OpenAlex; orcid: Orcid; dblp: Dblp; relations: Relations };

/**
 * The instance's clients of the scholarly indexes (one rate limit per index for the instance): their mailto
 * is SYNC_MAILTO or MAIL_FROM's, else the site's contact e-mail.
 */
const clients = new WeakMap<FastifyInstance, Promise<Indexes>>();

export function indexesOf(app: FastifyInstance): Promise<Indexes> {
  let found = clients.get(app);
  if (!found) {
    found = (async () => {
      const { sync, crossrefUrl, dataciteUrl } = app.lab.config;
      const site = sync.mailto ? undefined : await app.lab.db.selectFrom('site_settings').select('email').executeTakeFirst();
      const mailto = sync.mailto ?? (site?.email || undefined);
      return {
        openalex: new OpenAlex(sync, mailto),
        orcid: new Orcid(sync, mailto),
        dblp: new Dblp(sync, mailto),
        relations: new Relations(sync, mailto, { crossrefUrl, dataciteUrl }),
      };
    })();
    clients.set(app, found);
  }
  return found;
}

export const openAlexOf = async (app: FastifyInstance) => (await indexesOf(app)).openalex;
