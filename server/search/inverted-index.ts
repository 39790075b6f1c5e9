// The search's index proper: for each term, the records (and in which of their fields) that hold it, and a
// ranking of the records holding every term of a query by BM25 over fields of different weights. Written
// here rather than taken from MiniSearch, which kept a map per term and field and took 2.5 s and about
// 90 MB for the 10k lab; this keeps flat lists of numbers (docs/decisions.md, "Site search").
//
// A record is a slot; removing one marks its slot dead and leaves its postings, which rankings skip and a
// compaction drops once a fifth of the slots are dead. Terms are counted once per field of a record: a
// word's count in a text says little once it is there, and a long text then costs its vocabulary.

const K1 = 1.2;
const B = 0.7;
/** A term found as the beginning of a longer one weighs this much of a whole-word match. */
const PREFIX_WEIGHT = 0.5;

/**
 * A query term: the index term, whether the words it begins count, and other index terms that count for it
 * with their weights (its stem's term, the words a misspelling is read as).
 */
export type QueryTerm = { term: string; prefix: boolean; also?: ReadonlyMap<string, number> };

/** A word of the index near a misspelt one: how many edits apart, and how many postings it has. */
export type NearTerm = { term: string; distance: number; postings: number };

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

  readonly #deferCompaction: boolean;

  /**
   * `weights`: how much a match in each field counts, in the order fields are given to `add`.
   * `deferCompaction`: a removal never compacts; the owner runs `compaction()` when `compactionDue`, in turns.
   */
  constructor(weights: readonly number[], { deferCompaction = false }: { deferCompaction?: boolean } = {}) {
    this.#deferCompaction = deferCompaction;
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
      for (const [term, weight] of group.terms) {
        const list = this.#postings.get(term) as number[];
        let current = -1;
        let sum = 0;
        const flush = () => {
          if (current < 0) return;
          if (groupScore[current] === 0) touched.push(current);
          if (sum > (groupScore[current] as number)) groupScore[current] = sum;
        };
        for (const p of list) {
          const slot = (p / this.#fieldCount) | 0;
          if (matched[slot] !== g || this.#ids[slot] === null) continue;
          if (slot !== current) {
            flush();
            current = slot;
            sum = 0;
          }
          const f = p - slot * this.#fieldCount;
          const norm = 1 - B + (B * ((this.#lengths[f] as number[])[slot] as number)) / (avg[f] as number);
          sum += (weight * (this.#weights[f] as number) * idf * (K1 + 1)) / (1 + K1 * norm);
        }
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
      const seen = new Set<number>();
      for (const term of terms) for (const p of this.#postings.get(term) as number[]) seen.add((p / this.#fieldCount) | 0);
      df = seen.size;
    }
    return Math.log(1 + (live - df + 0.5) / (df + 0.5));
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
   * or two neighbours swapped each count one), nearest first, then the commonest. The sorted terms are
   * walked as the trie they are (issue #28, point 2): a prefix is followed only while some beginning of
   * `word` is within `max` edits of it, and the terms beginning with each next letter are found by binary
   * search. What is looked at depends on the word and on how many prefixes lie near it, not on the size of
   * the vocabulary; `budget` bounds it all the same (prefixes looked at), and `limit` the words answered.
   * Only words: stems', identifiers' and Chinese terms are never near one.
   */
  near(word: string, max: number, { budget = 6000, limit = 8 }: { budget?: number; limit?: number } = {}): NearTerm[] {
    const sorted = this.#sorted();
    const n = word.length;
    const out: NearTerm[] = [];
    let visits = 0;
    const first = Int32Array.from({ length: n + 1 }, (_, j) => j);
    const walk = (prefix: string, lo: number, hi: number, before: Int32Array | null, row: Int32Array, last: number) => {
      const depth = prefix.length;
      let i = lo;
      // the term that is the prefix itself comes first in its range
      if (i < hi && (sorted[i] as string).length === depth) i++;
      while (i < hi) {
        if (++visits > budget) return;
        const c = (sorted[i] as string).charCodeAt(depth);
        // the terms going on with c: up to the first with a greater character at this depth
        let a = i + 1;
        let b = hi;
        while (a < b) {
          const m = (a + b) >> 1;
          if ((sorted[m] as string).charCodeAt(depth) > c) b = m;
          else a = m + 1;
        }
        const end = a;
        // words begin with a letter or a digit below the CJK blocks (the marks of stems and identifiers are control characters)
        if (depth > 0 || (c >= 0x30 && c < 0x2e80)) {
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
          if (least <= max) {
            const child = prefix + String.fromCharCode(c);
            if ((next[n] as number) <= max && sorted[i] === child && child !== word)
              out.push({ term: child, distance: next[n] as number, postings: this.postings(child) });
            walk(child, i, end, row, next, c);
            if (visits > budget) return;
          }
        }
        i = end;
      }
    };
    walk('', 0, sorted.length, null, first, -1);
    out.sort((a, b) => a.distance - b.distance || b.postings - a.postings || (a.term < b.term ? -1 : 1));
    return out.slice(0, limit);
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
   * the event loop through there, and a search meanwhile reads the index as it was (issue #25: at the
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
  }
}
