/**
 * A chunk holds MAX_CHUNK to 2 × MAX_CHUNK items (fewer at the ends). 128 rather than 512: an
 * insert's splice moves a quarter as many slots, for two more comparisons finding the chunk; at
 * 100 k orders, filing a new order in the nine indexes took ~16 % less and a status change ~20 %
 * less (bench/src/micro/indexInserts.ts, RESULTS.md, twenty-fourth session).
 */
const MAX_CHUNK = 128;

export interface Cursor {
  chunk: number;
  offset: number;
}

/**
 * A sorted list kept as a list of small sorted chunks (the "sorted containers" layout): insert and
 * remove cost a binary search plus a splice of one chunk, not of the whole list, so building an
 * index over 100k documents in arbitrary order stays fast.
 */
export class SortedList<T> {
  readonly #compare: (a: T, b: T) => number;
  #chunks: T[][] = [];
  #size = 0;
  /** Where the last insert went, when at an end: the next one tries there first (`#atEnd`, `#atStart`). */
  #lastWent: "start" | "end" | undefined;

  constructor(compare: (a: T, b: T) => number) {
    this.#compare = compare;
  }

  get size(): number {
    return this.#size;
  }

  /**
   * The first position whose item is not `before` (like C++'s partition_point). `before` must be
   * true for a prefix of the list and false after it.
   */
  partitionPoint(before: (item: T) => boolean): Cursor {
    const chunks = this.#chunks;
    let lo = 0;
    let hi = chunks.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const chunk = chunks[mid]!;
      if (before(chunk[chunk.length - 1]!)) lo = mid + 1;
      else hi = mid;
    }
    if (lo === chunks.length) return { chunk: lo, offset: 0 };
    const chunk = chunks[lo]!;
    let a = 0;
    let b = chunk.length;
    while (a < b) {
      const mid = (a + b) >> 1;
      if (before(chunk[mid]!)) a = mid + 1;
      else b = mid;
    }
    return { chunk: lo, offset: a };
  }

  insert(item: T): void {
    const compare = this.#compare;
    this.insertAt(item, (x) => compare(x, item) < 0);
  }

  /**
   * Inserts `item` at the partition point of `before` (see `partitionPoint`): for a caller whose
   * comparator cannot read `item` itself yet (an index of ids whose document is not stored yet).
   */
  insertAt(item: T, before: (x: T) => boolean): void {
    if (this.#chunks.length === 0) {
      this.#chunks.push([item]);
      this.#size = 1;
      return;
    }
    let { chunk, offset } =
      this.#lastWent === "end"
        ? this.#atEnd(before)
        : this.#lastWent === "start"
          ? this.#atStart(before)
          : this.partitionPoint(before);
    if (chunk === this.#chunks.length) {
      chunk -= 1;
      offset = this.#chunks[chunk]!.length;
    }
    const target = this.#chunks[chunk]!;
    this.#lastWent =
      chunk === this.#chunks.length - 1 && offset === target.length
        ? "end"
        : chunk === 0 && offset === 0
          ? "start"
          : undefined;
    target.splice(offset, 0, item);
    this.#size += 1;
    if (target.length > MAX_CHUNK * 2) this.#chunks.splice(chunk + 1, 0, target.splice(MAX_CHUNK));
  }

  /**
   * The end when `before` holds for the last item, else the partition point: for a list whose
   * inserts have been landing at its end (an index in the order documents are written, as event
   * positions), one comparison instead of a search.
   */
  #atEnd(before: (x: T) => boolean): Cursor {
    const chunks = this.#chunks;
    const last = chunks[chunks.length - 1]!;
    return before(last[last.length - 1]!) ? { chunk: chunks.length, offset: 0 } : this.partitionPoint(before);
  }

  /** The start when `before` holds for no item (it fails the first), else the partition point. */
  #atStart(before: (x: T) => boolean): Cursor {
    return before(this.#chunks[0]![0]!) ? this.partitionPoint(before) : { chunk: 0, offset: 0 };
  }

  /** Removes the item that compares equal to `item`; answers whether one was found. */
  remove(item: T): boolean {
    const compare = this.#compare;
    return this.removeAt(
      (x) => compare(x, item) < 0,
      (x) => compare(x, item) === 0,
    );
  }

  /** Removes the item at the partition point of `before` when it `is` the one; answers whether it was. */
  removeAt(before: (x: T) => boolean, is: (x: T) => boolean): boolean {
    const { chunk, offset } = this.partitionPoint(before);
    const target = this.#chunks[chunk];
    if (!target || offset >= target.length || !is(target[offset]!)) return false;
    target.splice(offset, 1);
    if (target.length === 0) this.#chunks.splice(chunk, 1);
    this.#size -= 1;
    return true;
  }

  /** How many items lie before `cursor`. */
  rank(cursor: Cursor): number {
    let n = cursor.offset;
    for (let c = 0; c < cursor.chunk && c < this.#chunks.length; c++) n += this.#chunks[c]!.length;
    return n;
  }

  /**
   * How many items lie from `from` up to `to` (`rank(to) - rank(from)`, 0 when `to` is not after
   * it), adding up only the chunks between the two: a planner's estimate of a narrow range costs
   * the same at the end of a long list as at its start.
   */
  between(from: Cursor, to: Cursor): number {
    if (to.chunk < from.chunk || (to.chunk === from.chunk && to.offset <= from.offset)) return 0;
    if (to.chunk === from.chunk) return to.offset - from.offset;
    const chunks = this.#chunks;
    let n = (chunks[from.chunk]?.length ?? 0) - from.offset + to.offset;
    for (let c = from.chunk + 1; c < to.chunk && c < chunks.length; c++) n += chunks[c]!.length;
    return n;
  }

  at(cursor: Cursor): T | undefined {
    return this.#chunks[cursor.chunk]?.[cursor.offset];
  }

  /** Items from `cursor` onwards (forward) or from just before it backwards. */
  *walk(cursor: Cursor, direction: 1 | -1): Generator<T> {
    const chunks = this.#chunks;
    if (direction === 1) {
      for (let c = cursor.chunk, o = cursor.offset; c < chunks.length; c++, o = 0) {
        const chunk = chunks[c]!;
        for (; o < chunk.length; o++) yield chunk[o]!;
      }
      return;
    }
    let c = cursor.chunk;
    let o = cursor.offset - 1;
    while (c >= 0) {
      const chunk = chunks[c];
      if (chunk) for (; o >= 0; o--) yield chunk[o]!;
      c -= 1;
      o = (chunks[c]?.length ?? 0) - 1;
    }
  }

  clear(): void {
    this.#chunks = [];
    this.#size = 0;
  }

  /** Replaces the contents with `items` (a bulk build): sorts them once, then cuts them into chunks. */
  load(items: T[]): void {
    this.loadSorted([...items].sort(this.#compare));
  }

  /** Replaces the contents with `sorted`, already in this list's order (it is not copied whole). */
  loadSorted(sorted: readonly T[]): void {
    this.#chunks = [];
    for (let i = 0; i < sorted.length; i += MAX_CHUNK) this.#chunks.push(sorted.slice(i, i + MAX_CHUNK));
    this.#size = sorted.length;
  }
}
