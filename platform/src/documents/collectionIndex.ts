import type { Doc, SortSpec } from "../ports/documents.ts";
import { SortedList } from "./sortedList.ts";
import { compareValues, isIndexable, readParts } from "./values.ts";

export interface IndexEntry {
  key: unknown[];
  id: string;
}

/**
 * One declared index: entries (key tuple, _id) in the index's own order, ties broken by _id.
 * A document whose indexed path holds an array or an object would need MongoDB's multikey
 * semantics; rather than imitate them, the index stops being used for planning (`usable`).
 */
export class CollectionIndex {
  readonly name: string;
  readonly fields: Array<[string, 1 | -1]>;
  readonly unique: boolean;
  readonly entries: SortedList<IndexEntry>;
  /** Direction of the implicit trailing _id: that of the last key, as a tie-breaker sort usually is. */
  readonly idDirection: 1 | -1;
  #unplannable = 0;
  /** Each field's path split at its dots, once (a bulk build reads it for every document). */
  readonly #paths: string[][];

  constructor(name: string, keys: SortSpec, unique: boolean) {
    this.name = name;
    this.fields = Object.entries(keys);
    this.#paths = this.fields.map(([path]) => path.split("."));
    this.unique = unique;
    this.idDirection = this.fields.at(-1)?.[1] ?? 1;
    this.entries = new SortedList<IndexEntry>(
      entryOrder(
        this.fields.map(([, dir]) => dir),
        this.idDirection,
      ),
    );
  }

  get usable(): boolean {
    return this.#unplannable === 0;
  }

  compareKeys(a: unknown[], b: unknown[]): number {
    for (let i = 0; i < this.fields.length; i++) {
      const c = compareValues(a[i], b[i]);
      if (c !== 0) return c * this.fields[i]![1];
    }
    return 0;
  }

  keyOf(doc: Doc): { key: unknown[]; plannable: boolean } {
    let plannable = true;
    const paths = this.#paths;
    const key = new Array<unknown>(paths.length);
    for (let i = 0; i < paths.length; i++) {
      const { value, viaArray } = readParts(doc, paths[i]!);
      if (viaArray || !isIndexable(value)) plannable = false;
      key[i] = value;
    }
    return { key, plannable };
  }

  /** The _id of another document holding the same key, when this index is unique. */
  conflict(doc: Doc): string | null {
    if (!this.unique) return null;
    const { key } = this.keyOf(doc);
    const at = this.entries.partitionPoint((e) => this.compareKeys(e.key, key) < 0);
    for (const entry of this.entries.walk(at, 1)) {
      if (this.compareKeys(entry.key, key) !== 0) return null;
      if (entry.id !== doc._id) return entry.id;
    }
    return null;
  }

  add(doc: Doc): void {
    const { key, plannable } = this.keyOf(doc);
    if (!plannable) this.#unplannable += 1;
    this.entries.insert({ key, id: doc._id });
  }

  remove(doc: Doc): void {
    const { key, plannable } = this.keyOf(doc);
    if (this.entries.remove({ key, id: doc._id }) && !plannable) this.#unplannable -= 1;
  }

  /** Re-files a changed document; most projector writes leave indexed keys alone, so skip those. */
  replace(previous: Doc, next: Doc): void {
    if (this.compareKeys(this.keyOf(previous).key, this.keyOf(next).key) === 0) return;
    this.remove(previous);
    this.add(next);
  }

  clear(): void {
    this.entries.clear();
    this.#unplannable = 0;
  }

  /**
   * Files `docs` into this (empty) index at once: one sort instead of one insert each. Answers
   * the _id of a document whose key another one holds, for a unique index, and then files nothing.
   */
  build(docs: Doc[]): string | null {
    let unplannable = 0;
    const entries = docs.map((doc) => {
      const { key, plannable } = this.keyOf(doc);
      if (!plannable) unplannable += 1;
      return { key, id: doc._id };
    });
    this.entries.load(entries);
    if (this.unique) {
      let previous: IndexEntry | undefined;
      for (const entry of this.entries.walk({ chunk: 0, offset: 0 }, 1)) {
        if (previous && this.compareKeys(previous.key, entry.key) === 0) {
          this.entries.clear();
          return entry.id;
        }
        previous = entry;
      }
    }
    this.#unplannable = unplannable;
    return null;
  }
}

/**
 * The order of index entries: `compareKeys`, then the _id, for the index's directions. The sort
 * of a bulk build calls it some twenty times per document and index, so two strings (most keys)
 * are compared inline, without `compareValues`' call and a loop over the fields' pairs.
 */
function entryOrder(dirs: Array<1 | -1>, idDirection: 1 | -1): (a: IndexEntry, b: IndexEntry) => number {
  const n = dirs.length;
  return (a, b) => {
    const ka = a.key;
    const kb = b.key;
    for (let i = 0; i < n; i++) {
      const x = ka[i];
      const y = kb[i];
      if (x === y) continue;
      const c = typeof x === "string" && typeof y === "string" ? (x < y ? -1 : 1) : compareValues(x, y);
      if (c !== 0) return c * dirs[i]!;
    }
    return compareIds(a.id, b.id) * idDirection;
  };
}

function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function defaultIndexName(keys: SortSpec): string {
  return Object.entries(keys)
    .map(([field, dir]) => `${field}_${dir}`)
    .join("_");
}
