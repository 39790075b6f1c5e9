// What public content changed, told to whoever keeps copies of it: the page and read caches of this
// process and, with more than one instance, the bus that carries a write to the other instances
// (server/cluster/). A write calls `changed`; a message from another instance calls `arrived`; listeners
// hear both and learn which, so the bus never sends back what it received.

import type { ResourceName } from '../../common/resources/index.ts';

/**
 * The kinds of public content a write can change (the services' publicTopic): 'site', the topics of the
 * hand-written public pages, and the name of each declared public resource (issue #27; its crud announces
 * it). A resource declared outside common/resources (a test's) is a topic at run time once its app
 * registers it (`declareTopics`).
 */
export type Topic = 'site' | 'people' | 'publication' | 'article' | 'news' | 'seminar' | ResourceName;
const fixedTopics: readonly Topic[] = ['people', 'publication', 'site', 'article', 'news', 'seminar'];
/** Every topic known to this process: the fixed ones, then each declared public resource's. */
export const topics: Topic[] = [...fixedTopics];
export const isTopic = (v: unknown): v is Topic => typeof v === 'string' && (topics as readonly string[]).includes(v);
/** Adds the names of the served public resources to the topics (server/app.ts, from its registry). */
export function declareTopics(names: Iterable<string>): void {
  for (const n of names) if (!isTopic(n)) topics.push(n as Topic);
}

/** The one record a write changed, where it is known (a write through services/crud.ts): never sent to other instances. */
export type ChangedRecord = { resource: string; id: number };

export type ChangeListener = (topic: Topic, from: 'here' | 'elsewhere', record?: ChangedRecord) => void;

export class Changes {
  readonly #listeners = new Set<ChangeListener>();

  /** Listens until the returned function is called. */
  on(listener: ChangeListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** A write in this process changed `topic` (`record`: only that record, where the write knows it). */
  changed(topic: Topic, record?: ChangedRecord): void {
    this.#tell(topic, 'here', record);
  }

  /** Another instance reported a change of `topic`. */
  arrived(topic: Topic): void {
    this.#tell(topic, 'elsewhere');
  }

  #tell(topic: Topic, from: 'here' | 'elsewhere', record?: ChangedRecord) {
    for (const listener of this.#listeners) {
      try {
        listener(topic, from, record);
      } catch {
        // a failing listener must not fail the write that announced the change, nor the others
      }
    }
  }
}
