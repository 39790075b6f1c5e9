import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import pg from 'pg';
import type { Changes, Topic } from '../cache/changes.ts';
import { type DB, isPostgresUrl } from '../db/database.ts';

// Several instances on one PostgreSQL database hear each other's writes through LISTEN/NOTIFY
// (docs/decisions/009-more-than-one-instance.md): a change made here is sent on the channel, a change
// sent by another instance is handed to `changes` as arrived. One dedicated connection listens (a
// pooled one would be handed back and stop listening); sending goes through the pool. With SQLite
// there is one instance and no bus.

/** The channel of a database, or of one schema of it (test suites share a database, one schema each). */
function channelOf(schema: string | undefined): string {
  return `lab_changes${schema ? `_${schema.toLowerCase().replace(/[^a-z0-9_]/g, '_')}` : ''}`.slice(0, 63);
}

type BusOptions = { databaseUrl: string; schema?: string | undefined; db: DB; changes: Changes; log: FastifyBaseLogger };

const RETRY_FIRST_MS = 250;
const RETRY_MAX_MS = 30_000;

class ChangeBus {
  /** Who sent a message: an instance ignores its own. */
  readonly instanceId = randomUUID();
  readonly channel: string;
  /** The listening connection's application_name (a test ends that connection to see the bus come back). */
  readonly applicationName: string;
  /** How many times the listening connection was made; more than 1 after a reconnect. */
  connects = 0;
  readonly #opts: BusOptions;
  #client: pg.Client | undefined;
  #retry: NodeJS.Timeout | undefined;
  #failures = 0;
  #closed = false;
  readonly #stopHearing: () => void;

  constructor(opts: BusOptions) {
    this.#opts = opts;
    this.channel = channelOf(opts.schema);
    this.applicationName = `lab-bus-${this.channel}`.slice(0, 63);
    this.#stopHearing = opts.changes.on((topic, from) => {
      if (from === 'here') this.#send(topic);
    });
  }

  /** Listens; a first connection that fails is tried again in the background, as after a drop. */
  async start(): Promise<void> {
    await this.#connect();
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#retry);
    this.#stopHearing();
    const client = this.#client;
    this.#client = undefined;
    await client?.end().catch(() => {});
  }

  #send(topic: Topic): void {
    const payload = JSON.stringify({ topic, from: this.instanceId });
    sql`select pg_notify(${this.channel}, ${payload})`.execute(this.#opts.db).catch((e: Error) => {
      // the other instances keep their copies a little longer; they are told everything after their own reconnect
      if (!this.#closed) this.#opts.log.warn({ err: e }, 'cluster bus: could not send a change');
    });
  }

  #heard(msg: pg.Notification): void {
    if (msg.channel !== this.channel || !msg.payload) return;
    let message: unknown;
    try {
      message = JSON.parse(msg.payload);
    } catch {
      return;
    }
    const { topic, from } = (message ?? {}) as { topic?: unknown; from?: unknown };
    if (this.#opts.changes.isTopic(topic) && typeof from === 'string' && from !== this.instanceId) this.#opts.changes.arrived(topic);
  }

  async #connect(): Promise<void> {
    if (this.#closed) return;
    const client = new pg.Client({ connectionString: this.#opts.databaseUrl, application_name: this.applicationName, keepAlive: true });
    const dropped = (err?: Error) => {
      if (this.#client !== client) return; // already replaced, or closed
      this.#client = undefined;
      client.end().catch(() => {});
      if (err) this.#opts.log.warn({ err }, 'cluster bus: listening connection lost');
      this.#later();
    };
    client.on('notification', (msg) => this.#heard(msg));
    client.on('error', dropped);
    client.on('end', () => dropped());
    try {
      await client.connect();
      await client.query(`LISTEN "${this.channel}"`);
    } catch (err) {
      client.end().catch(() => {});
      if (!this.#closed) this.#opts.log.warn({ err }, 'cluster bus: cannot listen');
      this.#later();
      return;
    }
    if (this.#closed) {
      await client.end().catch(() => {});
      return;
    }
    this.#client = client;
    this.#failures = 0;
    this.connects += 1;
    // while no one listened, changes may have been sent and lost: every copy may be stale
    if (this.connects > 1) for (const topic of this.#opts.changes.topics) this.#opts.changes.arrived(topic);
  }

  /** Tries again after a delay that doubles with each failure (with jitter), up to 30 s. */
  #later(): void {
    if (this.#closed || this.#retry) return;
    const delay = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** this.#failures) * (0.5 + Math.random() / 2);
    this.#failures += 1;
    this.#retry = setTimeout(() => {
      this.#retry = undefined;
      void this.#connect();
    }, delay);
    this.#retry.unref();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The change bus between instances (PostgreSQL only; undefined on SQLite). */
    changeBus: ChangeBus | undefined;
  }
}

/** Joins the instances on one PostgreSQL database (DATABASE_URL); nothing on SQLite. */
export const clusterPlugin = fp(
  async (app: FastifyInstance, opts: { pgSchema?: string | undefined }) => {
    const { config, db, changes } = app.lab;
    if (!isPostgresUrl(config.databaseUrl)) {
      app.decorate('changeBus', undefined);
      return;
    }
    const bus = new ChangeBus({ databaseUrl: config.databaseUrl, schema: opts.pgSchema, db, changes, log: app.log });
    await bus.start();
    app.decorate('changeBus', bus);
    app.addHook('onClose', () => bus.close());
  },
  { name: 'cluster-bus' },
);
