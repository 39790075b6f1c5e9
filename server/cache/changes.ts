// What public content changed, told to whoever keeps copies of it: the page and read caches of this
// process and, with more than one instance, the bus that carries a write to the other instances
// (server/cluster/). A write calls `changed`; a message from another instance calls `arrived`; listeners
// hear both and learn which, so the bus never sends back what it received.

import type { PublicResource } from '../../common/resource.ts';
import type { ResourceName } from '../../common/resources/index.ts';

/**
 * The kinds of public content a write can change (the services' publicTopic): 'site', the topics of the
 * hand-written public pages, and the name of each declared public resource (its crud announces it).
 */
export type Topic = 'site' | 'people' | 'publication' | 'article' | 'news' | 'seminar' | ResourceName;
/** The topics every app has, whatever it serves. */
export const fixedTopics: readonly Topic[] = ['people', 'publication', 'site', 'article', 'news', 'seminar'];

/**
 * A declared public resource's topic: its name. A resource declared outside common/resources (a test's)
 * has a name the type does not list; its app serves it as a topic all the same (`Changes.topics`).
 */
export const topicOf = (res: PublicResource): Topic => res.name as Topic;

/** The one record a write changed, where it is known (a write through services/crud.ts): never sent to other instances. */
export type ChangedRecord = { resource: string; id: number };

export type ChangeListener = (topic: Topic, from: 'here' | 'elsewhere', record?: ChangedRecord) => void;

export class Changes {
  readonly #listeners = new Set<ChangeListener>();
  /** Every topic of this app: the fixed ones, then each served public resource's. */
  readonly topics: readonly Topic[];

  constructor(served: readonly PublicResource[] = []) {
    this.topics = [...new Set([...fixedTopics, ...served.map(topicOf)])];
  }

  /** `v` is one of this app's topics (a message from another instance names one). */
  readonly isTopic = (v: unknown): v is Topic => typeof v === 'string' && (this.topics as readonly string[]).includes(v);

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
