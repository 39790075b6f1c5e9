import { scheduledTables } from '../services/content.ts';
import type { Changes, Topic } from './changes.ts';

// A record scheduled for later ("publish at") appears with nobody online: each instance keeps one
// timer for the earliest publish time to come and, when it comes, announces that kind of record as
// changed (`changes.changed`), so the page and read caches drop what they hold, the search index reads the
// records again, and the other instances hear it too. The same holds for the end of a declared public
// resource's public window (`public.until`, a deadline), announced under its name. The plan is read again at start and whenever a kind
// with publish times changes, here or on another instance; a wait is at most a day, read again then.

/** The longest a timer waits before reading the plan again (also keeps far moments within setTimeout's range). */
export const MAX_WAIT_MS = 24 * 3600 * 1000;
/** After a failed read, when to try again. */
const RETRY_MS = 60_000;

const isScheduled = (topic: Topic): topic is keyof typeof scheduledTables => Object.hasOwn(scheduledTables, topic);

/** The earliest publish time (or end of a public window) to come of each kind, earliest first (`nextPublications` of server/services/content.ts). */
export type NextPublications = (now: string) => Promise<{ topic: Topic; at: string }[]>;

export class PublishTimer {
  readonly #next: NextPublications;
  readonly #changes: Changes;
  readonly #onError: (e: unknown) => void;
  #timer: NodeJS.Timeout | undefined;
  #due: { topic: Topic; at: string }[] = [];
  #reading: Promise<void> | undefined;
  #again = false;
  #closed = false;
  #stopHearing: (() => void) | undefined;

  readonly #onCome: ((topics: Topic[], now: string) => Promise<void>) | undefined;

  readonly #windowed: ReadonlySet<Topic>;

  /**
   * `onCome`: told the kinds whose time has come, and when (the activity log's entries).
   * `windowed`: the declared kinds whose public window ends (their `public.until`), whose changes move the plan too.
   */
  constructor(
    next: NextPublications,
    changes: Changes,
    onError: (e: unknown) => void,
    onCome?: (topics: Topic[], now: string) => Promise<void>,
    windowed: readonly Topic[] = [],
  ) {
    this.#next = next;
    this.#changes = changes;
    this.#onError = onError;
    this.#onCome = onCome;
    this.#windowed = new Set(windowed);
  }

  /** Reads the plan and keeps it current from now on. */
  start(): Promise<void> {
    this.#stopHearing = this.#changes.on((topic) => {
      if (isScheduled(topic) || this.#windowed.has(topic)) void this.plan();
    });
    return this.plan();
  }

  /** The moment the timer waits for (undefined: nothing is scheduled). */
  get next(): string | undefined {
    return this.#due[0]?.at;
  }

  /** Reads the earliest publish times again and sets the timer; calls made while a read runs share one more read after it. */
  plan(): Promise<void> {
    if (this.#closed) return Promise.resolve();
    if (this.#reading) {
      this.#again = true;
      return this.#reading;
    }
    this.#reading = (async () => {
      do {
        this.#again = false;
        await this.#read();
      } while (this.#again && !this.#closed);
    })().finally(() => {
      this.#reading = undefined;
    });
    return this.#reading;
  }

  /** Waits for the reads under way (tests, and closing). */
  async settled(): Promise<void> {
    while (this.#reading) await this.#reading;
  }

  close(): void {
    this.#closed = true;
    clearTimeout(this.#timer);
    this.#stopHearing?.();
  }

  async #read(): Promise<void> {
    const now = Date.now();
    let due: { topic: Topic; at: string }[];
    try {
      due = await this.#next(new Date(now).toISOString());
    } catch (e) {
      if (this.#closed) return;
      this.#onError(e);
      this.#arm(RETRY_MS);
      return;
    }
    if (this.#closed) return;
    this.#due = due;
    const first = due[0];
    if (first) this.#arm(Math.min(MAX_WAIT_MS, Date.parse(first.at) - now));
    else clearTimeout(this.#timer);
  }

  #arm(ms: number): void {
    clearTimeout(this.#timer);
    // never 0: a timer that fires a millisecond early reads the plan again rather than spinning
    this.#timer = setTimeout(() => this.#fire(), Math.max(1, ms));
    // a scheduled record never keeps the process alive
    this.#timer.unref();
  }

  #fire(): void {
    this.#timer = undefined;
    const now = new Date().toISOString();
    const come = new Set(this.#due.filter((d) => d.at <= now).map((d) => d.topic));
    this.#due = this.#due.filter((d) => d.at > now);
    // each announcement makes the plan be read again (start's listener); a day's wait or an early timer reads it here
    for (const topic of come) this.#changes.changed(topic);
    if (come.size > 0 && this.#onCome) this.#onCome([...come], now).catch((e: unknown) => this.#onError(e));
    if (come.size === 0) void this.plan();
  }
}
