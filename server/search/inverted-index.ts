// The search's index proper: for each term, the records (and in which of their fields) that hold it, and a
// ranking of the records holding every term of a query by BM25 over fields of different weights. Written
// here rather than taken from MiniSearch, which kept a map per term and field and took 2.5 s and about
// 90 MB for the 10k lab; this keeps flat lists of numbers (docs/decisions/015-site-search.md).
//
// A record is a slot; removing one marks its slot dead and leaves its postings, which rankings skip and a
// compaction drops once a fifth of the slots are dead. Terms are counted once per field of a record: a
// word's count in a text says little once it is there, and a long text then costs its vocabulary.

const K1 = 1.2;
const B = 0.7;
/** A term found as the beginning of a longer one weighs this much of a whole-word match. */
const PREFIX_WEIGHT = 0.5;
/** Records in the running against a group's postings under which each is sought rather than all read (about log₂ of a long list). */
const SEEK_FACTOR = 16;
/** Groups whose count of records is kept (#idf). */
const DF_KEPT = 4096;

/** The first index at or after `from` of ascending `list` whose value is at least `value`. */
function lowerBound(list: readonly number[], value: number, from: number): number {
  let lo = from;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((list[mid] as number) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * A query term: the index term, whether the words it begins count, and other index terms that count for it
 * with their weights (its stem's term, the words a misspelling is read as).
 */
export type QueryTerm = { term: string; prefix: boolean; also?: ReadonlyMap<string, number> };

/** A word of the index near a misspelt one: how many edits apart, and how many postings it has. */
export type NearTerm = { term: string; distance: number; postings: number };

/** Words whose near words one edit away are looked up rather than walked to (InvertedIndex.near). */
const NEAR_ALPHABET_WORD = /^[a-z0-9]+$/;
const NEAR_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** Every string one edit from `word` (a letter deleted, two neighbours swapped, a letter changed or inserted). */
function* edits1(word: string): Generator<string> {
  for (let i = 0; i < word.length; i++) yield word.slice(0, i) + word.slice(i + 1);
  for (let i = 0; i + 1 < word.length; i++) yield word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
  for (let i = 0; i <= word.length; i++)
    for (const c of NEAR_ALPHABET) {
      if (i < word.length && c !== word[i]) yield word.slice(0, i) + c + word.slice(i + 1);
      yield word.slice(0, i) + c + word.slice(i);
    }
}

export class InvertedIndex {
  readonly #weights: readonly number[];
  readonly #fieldCount: number;
  /** term → slot × fieldCount + field, ascending */
  #postings = new Map<string, number[]>();
  /** slot → record id; null once removed */
  #ids: (string | null)[] = [];
  readonly #slotOf = new Map<string, number>();
  /** field → slot → how many terms the field holds */
  #lengths: number[][];
  readonly #totalLength: number[];
  #dead = 0;
  #sortedTerms: string[] | null = null;
  #score = new Float64Array(0);
  #matched = new Uint8Array(0);
  #groupScore = new Float64Array(0);
  /** slot → the number of the last group whose records were counted (#idf): a mark per slot instead of a Set per group. */
  #seen = new Uint32Array(0);
  #stamp = 0;
  /** A group of terms' count of records (#idf), by its terms; emptied by any change of the index. */
  readonly #dfKept = new Map<string, number>();

  readonly #deferCompaction: boolean;
  readonly #seekFactor: number;

  /**
   * `weights`: how much a match in each field counts, in the order fields are given to `add`.
   * `deferCompaction`: a removal never compacts; the owner runs `compaction()` when `compactionDue`, in turns.
   * `seekFactor`: SEEK_FACTOR unless a test compares always seeking (0) with never (Infinity).
   */
  constructor(weights: readonly number[], { deferCompaction = false, seekFactor = SEEK_FACTOR }: { deferCompaction?: boolean; seekFactor?: number } = {}) {
    this.#deferCompaction = deferCompaction;
    this.#seekFactor = seekFactor;
    this.#weights = weights;
    this.#fieldCount = weights.length;
    this.#lengths = weights.map(() => []);
    this.#totalLength = weights.map(() => 0);
  }

  get size(): number {
    return this.#slotOf.size;
  }

  has(id: string): boolean {
    return this.#slotOf.has(id);
  }

  /** Adds (or replaces) a record: for each field, its terms. */
  set(id: string, fields: readonly (readonly string[])[]): void {
    if (this.#slotOf.has(id)) this.remove(id);
    this.#dfKept.clear();
    const slot = this.#ids.length;
    this.#ids.push(id);
    this.#slotOf.set(id, slot);
    for (let f = 0; f < this.#fieldCount; f++) {
      const terms = new Set(fields[f] ?? []);
      (this.#lengths[f] as number[])[slot] = terms.size;
      this.#totalLength[f] = (this.#totalLength[f] as number) + terms.size;
      const posting = slot * this.#fieldCount + f;
      for (const term of terms) {
        const list = this.#postings.get(term);
        if (list) list.push(posting);
        else {
          this.#postings.set(term, [posting]);
          this.#sortedTerms = null;
        }
      }
    }
  }

  remove(id: string): void {
    const slot = this.#slotOf.get(id);
    if (slot === undefined) return;
    this.#slotOf.delete(id);
    this.#dfKept.clear();
    this.#ids[slot] = null;
    for (let f = 0; f < this.#fieldCount; f++) this.#totalLength[f] = (this.#totalLength[f] as number) - ((this.#lengths[f] as number[])[slot] ?? 0);
    this.#dead++;
    if (!this.#deferCompaction && this.compactionDue) for (const _ of this.compaction());
  }

  /** The ids of the records holding every one of `terms`, best first. */
  search(terms: readonly QueryTerm[]): string[] {
    const live = this.#slotOf.size;
    if (terms.length === 0 || live === 0) return [];
    const n = this.#ids.length;
    // scratch arrays kept between searches (a search runs to its end before another starts): allocating
    // them anew for every query let the process's memory grow by hundreds of megabytes under a crowd
    if (this.#score.length < n) {
      const size = Math.max(n, this.#score.length * 2, 1024);
      this.#score = new Float64Array(size);
      this.#matched = new Uint8Array(size);
      this.#groupScore = new Float64Array(size);
      this.#seen = new Uint32Array(size);
      this.#stamp = 0;
    }
    const score = this.#score;
    const matched = this.#matched;
    const groupScore = this.#groupScore;
    // every slot a search touches is among the first group's: those are put back to zero after it
    let firstTouched: number[] = [];
    try {
      return this.#rank(terms, live, score, matched, groupScore, (touched) => {
        firstTouched = touched;
      });
    } finally {
      for (const slot of firstTouched) {
        score[slot] = 0;
        matched[slot] = 0;
      }
    }
  }

  #rank(
    terms: readonly QueryTerm[],
    live: number,
    score: Float64Array,
    matched: Uint8Array,
    groupScore: Float64Array,
    first: (touched: number[]) => void,
  ): string[] {
    const avg = this.#totalLength.map((t) => Math.max(1, t / live));
    // the rarest term first: the records that can still match every term only shrink
    const groups = terms.map((t) => this.#expand(t)).sort((a, b) => a.size - b.size);
    let candidates: number[] = [];
    for (const [g, group] of groups.entries()) {
      // a record's score for the group: its best term (a prefix may begin several of its words), each
      // term's score the sum over the fields holding it; a term's postings of one record are adjacent
      const touched: number[] = [];
      const idf = this.#idf([...group.terms.keys()], live);
      // after the first group only the records still in the running can match: where they are few against
      // the group's postings, each is looked up in the (ascending) postings instead of reading them all —
      // a common word's thousands of postings made a query with a rare word cost milliseconds
      const few = g > 0 && candidates.length * this.#seekFactor < group.size ? Uint32Array.from(candidates).sort() : null;
      const fc = this.#fieldCount;
      for (const [term, weight] of group.terms) {
        const list = this.#postings.get(term) as number[];
        let current = -1;
        let sum = 0;
        const flush = () => {
          if (current < 0) return;
          if (groupScore[current] === 0) touched.push(current);
          if (sum > (groupScore[current] as number)) groupScore[current] = sum;
        };
        const read = (from: number, to: number) => {
          for (let i = from; i < to; i++) {
            const p = list[i] as number;
            const slot = (p / fc) | 0;
            if (matched[slot] !== g || this.#ids[slot] === null) continue;
            if (slot !== current) {
              flush();
              current = slot;
              sum = 0;
            }
            const f = p - slot * fc;
            const norm = 1 - B + (B * ((this.#lengths[f] as number[])[slot] as number)) / (avg[f] as number);
            sum += (weight * (this.#weights[f] as number) * idf * (K1 + 1)) / (1 + K1 * norm);
          }
        };
        if (few) {
          let at = 0;
          for (const slot of few) {
            at = lowerBound(list, slot * fc, at);
            let end = at;
            while (end < list.length && (list[end] as number) < (slot + 1) * fc) end++;
            read(at, end);
            at = end;
          }
        } else read(0, list.length);
        flush();
      }
      if (g === 0) first(touched);
      for (const slot of touched) {
        matched[slot] = g + 1;
        score[slot] = (score[slot] as number) + (groupScore[slot] as number);
        groupScore[slot] = 0;
      }
      candidates = touched;
      if (candidates.length === 0) return [];
    }
    // best first; ties (same fields, same words) in the order records were added in. Slot numbers are
    // sorted, not objects made for each of thousands of hits
    candidates.sort((a, b) => (score[b] as number) - (score[a] as number) || a - b);
    return candidates.map((slot) => this.#ids[slot] as string);
  }

  /**
   * How rare a query term is: by the records holding it or, for a prefix, any of the words it begins (the
   * rarity of one long word must not outweigh the whole word typed).
   */
  #idf(terms: readonly string[], live: number): number {
    // a common word's group (the word, its stem's words) comes back in query after query: its count of
    // records is kept until the index changes
    const key = terms.length > 1 ? terms.join('\u0000') : null;
    const kept = key === null ? undefined : this.#dfKept.get(key);
    const df = kept ?? this.#df(terms);
    if (key !== null && kept === undefined) {
      if (this.#dfKept.size >= DF_KEPT) this.#dfKept.clear();
      this.#dfKept.set(key, df);
    }
    return Math.log(1 + (live - df + 0.5) / (df + 0.5));
  }

  /** How many records hold any of `terms`. */
  #df(terms: readonly string[]): number {
    let df = 0;
    if (terms.length === 1) {
      // one term's postings of a record are adjacent: count the changes of record
      let last = -1;
      for (const p of this.#postings.get(terms[0] as string) as number[]) {
        const slot = (p / this.#fieldCount) | 0;
        if (slot !== last) df++;
        last = slot;
      }
    } else {
      // a group of several terms (a word and its stem's, a prefix's words) is in most queries since stems: a
      // Set of its records cost a query several milliseconds at 10k; a mark per slot costs a pass
      if (++this.#stamp === 0xffffffff) {
        this.#seen.fill(0);
        this.#stamp = 1;
      }
      const seen = this.#seen;
      const stamp = this.#stamp;
      for (const term of terms)
        for (const p of this.#postings.get(term) as number[]) {
          const slot = (p / this.#fieldCount) | 0;
          if (seen[slot] !== stamp) {
            seen[slot] = stamp;
            df++;
          }
        }
    }
    return df;
  }

  /** A query term's index terms with their weights, and how many postings they have. */
  #expand({ term, prefix, also }: QueryTerm): { terms: Map<string, number>; size: number } {
    const terms = new Map<string, number>();
    let size = 0;
    const exact = this.#postings.get(term);
    if (exact) {
      terms.set(term, 1);
      size += exact.length;
    }
    for (const [t, weight] of also ?? []) {
      const list = this.#postings.get(t);
      if (!list || (terms.get(t) ?? 0) >= weight) continue;
      if (!terms.has(t)) size += list.length;
      terms.set(t, weight);
    }
    if (prefix) {
      const sorted = this.#sorted();
      let lo = 0;
      let hi = sorted.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if ((sorted[mid] as string) < term) lo = mid + 1;
        else hi = mid;
      }
      for (let i = lo; i < sorted.length && (sorted[i] as string).startsWith(term); i++) {
        const t = sorted[i] as string;
        if (t === term || (terms.get(t) ?? 0) >= PREFIX_WEIGHT) continue;
        if (!terms.has(t)) size += (this.#postings.get(t) as number[]).length;
        terms.set(t, PREFIX_WEIGHT);
      }
    }
    return { terms, size };
  }

  /** Whether the index holds a term beginning with `prefix` (the term itself included). */
  begins(prefix: string): boolean {
    const sorted = this.#sorted();
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((sorted[mid] as string) < prefix) lo = mid + 1;
      else hi = mid;
    }
    return lo < sorted.length && (sorted[lo] as string).startsWith(prefix);
  }

  /** How many postings an index term has (0: the index does not hold it). */
  postings(term: string): number {
    return this.#postings.get(term)?.length ?? 0;
  }

  /**
   * The index's words within `max` edits of `word` (Damerau–Levenshtein: an insertion, a deletion, a change
   * or two neighbours swapped each count one), nearest first, then the commonest, at most `limit` of them
   *. Only words: stems', identifiers' and Chinese terms are never near one.
   *
   * One edit away, for a word of letters a–z and digits: every word one edit away is looked up (about 75
   * lookups a letter), whatever the size of the vocabulary. Otherwise (two edits, when none is one away,
   * or other letters), the sorted terms are walked as the trie they are: a prefix is followed only while
   * some beginning of `word` is within `max` edits of it, the letter the word has there first, and the
   * terms going on with each letter are found by binary search. `budget` bounds the prefixes looked at.
   */
  near(word: string, max: number, { budget = 4000, limit = 8 }: { budget?: number; limit?: number } = {}): NearTerm[] {
    const found = new Map<string, number>();
    if (NEAR_ALPHABET_WORD.test(word)) {
      for (const t of edits1(word)) if (t !== word && !found.has(t) && this.#postings.has(t)) found.set(t, 1);
    }
    if (found.size === 0 && (max > 1 || !NEAR_ALPHABET_WORD.test(word))) this.#walk(word, max, budget, found);
    const out = [...found].map(([term, distance]) => ({ term, distance, postings: this.postings(term) }));
    out.sort((a, b) => a.distance - b.distance || b.postings - a.postings || (a.term < b.term ? -1 : 1));
    return out.slice(0, limit);
  }

  #walk(word: string, max: number, budget: number, found: Map<string, number>) {
    const sorted = this.#sorted();
    const n = word.length;
    let visits = 0;
    /** The first index in [from, to) whose character at `depth` is above `c` (all hold the same prefix before it). */
    const after = (from: number, to: number, depth: number, c: number) => {
      let a = from;
      let b = to;
      while (a < b) {
        const m = (a + b) >> 1;
        if ((sorted[m] as string).charCodeAt(depth) > c) b = m;
        else a = m + 1;
      }
      return a;
    };
    const visit = (prefix: string, i: number, end: number, c: number, before: Int32Array | null, row: Int32Array, last: number) => {
      const depth = prefix.length;
      // words begin with a letter or a digit below the CJK blocks (the marks of stems and identifiers are control characters)
      if (depth === 0 && !(c >= 0x30 && c < 0x2e80)) return;
      const next = new Int32Array(n + 1);
      next[0] = depth + 1;
      let least = next[0] as number;
      for (let j = 1; j <= n; j++) {
        const w = word.charCodeAt(j - 1);
        let v = Math.min((row[j] as number) + 1, (next[j - 1] as number) + 1, (row[j - 1] as number) + (w === c ? 0 : 1));
        if (before && j > 1 && w === last && word.charCodeAt(j - 2) === c) v = Math.min(v, (before[j - 2] as number) + 1);
        next[j] = v;
        if (v < least) least = v;
      }
      if (least > max) return;
      const child = prefix + String.fromCharCode(c);
      if ((next[n] as number) <= max && sorted[i] === child && child !== word && !found.has(child)) found.set(child, next[n] as number);
      walk(child, i, end, row, next, c);
    };
    const walk = (prefix: string, lo: number, hi: number, before: Int32Array | null, row: Int32Array, last: number) => {
      const depth = prefix.length;
      let i = lo;
      // the term that is the prefix itself comes first in its range
      if (i < hi && (sorted[i] as string).length === depth) i++;
      // the word's own letter at this depth first: the likeliest words are reached before the budget ends
      let want = -1;
      let wantEnd = -1;
      if (depth < n) {
        const c = word.charCodeAt(depth);
        let a = i;
        let b = hi;
        while (a < b) {
          const m = (a + b) >> 1;
          if ((sorted[m] as string).charCodeAt(depth) < c) a = m + 1;
          else b = m;
        }
        if (a < hi && (sorted[a] as string).charCodeAt(depth) === c) {
          want = a;
          wantEnd = after(a, hi, depth, c);
          if (++visits > budget) return;
          visit(prefix, a, wantEnd, c, before, row, last);
        }
      }
      while (i < hi && visits <= budget) {
        if (i === want) {
          i = wantEnd;
          continue;
        }
        const c = (sorted[i] as string).charCodeAt(depth);
        const end = after(i + 1, hi, depth, c);
        if (++visits > budget) return;
        visit(prefix, i, end, c, before, row, last);
        i = end;
      }
    };
    walk(
      '',
      0,
      sorted.length,
      null,
      Int32Array.from({ length: n + 1 }, (_, j) => j),
      -1,
    );
  }

  #sorted(): string[] {
    this.#sortedTerms ??= [...this.#postings.keys()].sort();
    return this.#sortedTerms;
  }

  /** Whether a fifth of the slots are dead: time to drop them. */
  get compactionDue(): boolean {
    return this.#dead > 64 && this.#dead * 5 > this.#ids.length;
  }

  /**
   * Drops the dead slots: the live records get new slots, in their order. Built beside the index and put
   * in its place at the end, pausing (a `yield`) after every few thousand postings: its owner may let
   * the event loop through there, and a search meanwhile reads the index as it was (at the
   * 10k lab's size a compaction in one go held the event loop for about 60 ms). No record may be set or
   * removed before it ends; one not run to its end changes nothing.
   */
  *compaction(): Generator<void> {
    const renumber = new Map<number, number>();
    const ids: string[] = [];
    const slotOf = new Map<string, number>();
    const lengths: number[][] = this.#lengths.map(() => []);
    for (const [slot, id] of this.#ids.entries()) {
      if (id === null) continue;
      const to = ids.length;
      renumber.set(slot, to);
      ids.push(id);
      slotOf.set(id, to);
      for (let f = 0; f < this.#fieldCount; f++) (lengths[f] as number[])[to] = (this.#lengths[f] as number[])[slot] as number;
    }
    yield;
    const postings = new Map<string, number[]>();
    let done = 0;
    for (const [term, list] of this.#postings) {
      const kept: number[] = [];
      for (const p of list) {
        const slot = (p / this.#fieldCount) | 0;
        const to = renumber.get(slot);
        if (to !== undefined) kept.push(to * this.#fieldCount + (p - slot * this.#fieldCount));
      }
      if (kept.length > 0) postings.set(term, kept);
      done += list.length + 1;
      if (done > 20_000) {
        done = 0;
        yield;
      }
    }
    this.#postings = postings;
    this.#ids = ids;
    this.#slotOf.clear();
    for (const [id, slot] of slotOf) this.#slotOf.set(id, slot);
    this.#lengths = lengths;
    this.#dead = 0;
    this.#sortedTerms = null;
    this.#dfKept.clear();
  }
}
