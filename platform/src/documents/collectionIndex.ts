import type { Doc, SortSpec } from "../ports/documents.ts";
import { SortedList } from "./sortedList.ts";
import { compareValues, isIndexable, readParts } from "./values.ts";

/**
 * The entries' order as `compareValues` and `compareIds` make it: an order saved under another
 * value is sorted again at load. Change it with either function, or with how entries are ordered.
 */
const ORDER_FORMAT = 1;

/**
 * The documents of indexes already built, in each one's order, kept by the caller of one bulk
 * build (`build`'s `inOrder`) so that every index grouped over the same base reads them once.
 */
export type BaseOrders = Map<CollectionIndex, Doc[]>;

/** Below this many documents a build sorts them directly: finding runs of equal keys would not pay. */
const RUNS_MIN_DOCUMENTS = 256;
/** How many documents, spread over the list, are looked at before a build looks for runs in all. */
const RUNS_SAMPLE = 64;

/**
 * One declared index: the `_id`s of the documents in the index's own order (their key tuple, ties
 * broken by _id). An entry is the `_id` alone, 4 bytes a slot: its key is read from the document
 * the collection stores under it (`lookup`: whole, or a cold stub, which holds every indexed
 * field), never copied into the index. So the caller files a document while its map holds the
 * document's previous state (or none) and removes it while the map still holds it: `add`,
 * `remove` and `replace` take the document, and only its own key is read from it.
 * A document whose indexed path holds an array or an object would need MongoDB's multikey
 * semantics; rather than imitate them, the index stops being used for planning (`usable`).
 */
export class CollectionIndex {
  readonly name: string;
  readonly fields: Array<[string, 1 | -1]>;
  readonly unique: boolean;
  readonly entries: SortedList<string>;
  /** Direction of the implicit trailing _id: that of the last key, as a tie-breaker sort usually is. */
  readonly idDirection: 1 | -1;
  readonly #lookup: (id: string) => Doc | undefined;
  readonly #paths: string[][];
  #unplannable = 0;

  constructor(name: string, keys: SortSpec, unique: boolean, lookup: (id: string) => Doc | undefined) {
    this.name = name;
    this.fields = Object.entries(keys);
    this.unique = unique;
    this.idDirection = this.fields.at(-1)?.[1] ?? 1;
    this.#lookup = lookup;
    this.#paths = this.fields.map(([path]) => path.split("."));
    this.entries = new SortedList<string>(
      (a, b) => this.compareKeys(this.keyOfId(a), this.keyOfId(b)) || compareIds(a, b) * this.idDirection,
    );
  }

  get usable(): boolean {
    return this.#unplannable === 0;
  }

  /**
   * What a saved order must have been saved for to be taken as this index's: its fields, their
   * directions, uniqueness, and the entries' order itself (`ORDER_FORMAT`).
   */
  get spec(): string {
    return JSON.stringify([ORDER_FORMAT, this.fields, this.unique]);
  }

  /** The entries in index order, and how many documents make the index unusable for planning. */
  savedOrder(): { ids: string[]; unplannable: number } {
    return { ids: [...this.entries.walk({ chunk: 0, offset: 0 }, 1)], unplannable: this.#unplannable };
  }

  /**
   * Takes `ids` as the entries, already in this index's order over the stored documents (saved by
   * `savedOrder` for the same `spec`): a load without a sort.
   */
  loadOrder(ids: readonly string[], unplannable: number): void {
    this.entries.loadSorted(ids);
    this.#unplannable = unplannable;
  }

  compareKeys(a: unknown[], b: unknown[]): number {
    for (let i = 0; i < this.fields.length; i++) {
      const c = compareValues(a[i], b[i]);
      if (c !== 0) return c * this.fields[i]![1];
    }
    return 0;
  }

  /** The `i`th key field of the stored document `id` (readPath's value: null when absent). */
  valueAt(id: string, i: number): unknown {
    return this.#valueIn(this.#lookup(id), i);
  }

  #valueIn(doc: Doc | undefined, i: number): unknown {
    const parts = this.#paths[i]!;
    let current: unknown = doc;
    for (let p = 0; p < parts.length; p++) {
      if (Array.isArray(current) || current === null || typeof current !== "object") return undefined;
      current = (current as Record<string, unknown>)[parts[p]!];
    }
    return current ?? null;
  }

  /** The key of the stored document `id`. */
  keyOfId(id: string): unknown[] {
    const doc = this.#lookup(id);
    const key = new Array<unknown>(this.fields.length);
    for (let i = 0; i < key.length; i++) key[i] = this.#valueIn(doc, i);
    return key;
  }

  /**
   * Entries `a` and `b` compared by the key fields from the `from`th on, then by _id, in index
   * order: for two entries equal on the first `from` fields, the order the index keeps them in.
   */
  compareFrom(a: string, b: string, from: number): number {
    const docA = this.#lookup(a);
    const docB = this.#lookup(b);
    for (let i = from; i < this.fields.length; i++) {
      const c = compareValues(this.#valueIn(docA, i), this.#valueIn(docB, i));
      if (c !== 0) return c * this.fields[i]![1];
    }
    return compareIds(a, b) * this.idDirection;
  }

  /** The stored document `id`'s key compared with `key`, in index order (one look-up, no copy). */
  #compareEntry(id: string, key: readonly unknown[]): number {
    const doc = this.#lookup(id);
    for (let i = 0; i < this.fields.length; i++) {
      const c = compareValues(this.#valueIn(doc, i), key[i]);
      if (c !== 0) return c * this.fields[i]![1];
    }
    return 0;
  }

  keyOf(doc: Doc): { key: unknown[]; plannable: boolean } {
    let plannable = true;
    const paths = this.#paths;
    const key = new Array<unknown>(paths.length);
    for (let i = 0; i < paths.length; i++) {
      // Each field's path split once, not per document (the replay branch's profile: 3.4 %).
      const { value, viaArray } = readParts(doc, paths[i]!);
      if (viaArray || !isIndexable(value)) plannable = false;
      key[i] = value;
    }
    return { key, plannable };
  }

  /** Whether the entry `id` lies before the key `key` held by `probe` in index order. */
  #before(id: string, key: unknown[], probe: string): boolean {
    const c = this.#compareEntry(id, key);
    return c < 0 || (c === 0 && compareIds(id, probe) * this.idDirection < 0);
  }

  /** The _id of another document holding the same key, when this index is unique. */
  conflict(doc: Doc): string | null {
    if (!this.unique) return null;
    const { key } = this.keyOf(doc);
    const at = this.entries.partitionPoint((id) => this.#compareEntry(id, key) < 0);
    for (const id of this.entries.walk(at, 1)) {
      if (this.#compareEntry(id, key) !== 0) return null;
      if (id !== doc._id) return id;
    }
    return null;
  }

  add(doc: Doc): void {
    const { key, plannable } = this.keyOf(doc);
    if (!plannable) this.#unplannable += 1;
    this.entries.insertAt(doc._id, (id) => this.#before(id, key, doc._id));
  }

  remove(doc: Doc): void {
    const { key, plannable } = this.keyOf(doc);
    const removed = this.entries.removeAt(
      (id) => this.#before(id, key, doc._id),
      (id) => id === doc._id,
    );
    if (removed && !plannable) this.#unplannable -= 1;
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
   * Whether `base` (built over the same documents, every one plannable) orders them as this index
   * does after its first field: its fields are this one's from the second on (so the trailing
   * `_id` runs the same way), as `{ status, placedAt, _id }` over `{ placedAt, _id }`.
   */
  #extends(base: CollectionIndex): boolean {
    const rest = this.fields.slice(1);
    return (
      base.usable &&
      rest.length > 0 &&
      base.fields.length === rest.length &&
      base.fields.every(([path, dir], i) => path === rest[i]![0] && dir === rest[i]![1])
    );
  }

  /**
   * This index's order from `base`'s, without a sort of the documents: `base`'s ids grouped by
   * their first field (each group keeps `base`'s order, which is this index's within equal first
   * fields), the groups in the first field's order. Null when a first field is not a plain
   * string, finite number, boolean or null (Dates, arrays, a missing parent: a group by Map key
   * would not match `compareValues`' equality), and the caller sorts instead.
   */
  #groupedOver(base: CollectionIndex, byId: ReadonlyMap<string, Doc>, inOrder?: BaseOrders): string[] | null {
    const direction = this.fields[0]![1];
    const parts = this.#paths[0]!;
    // The base's documents in its order: walked and looked up once for every index built over it.
    let docs = inOrder?.get(base);
    if (!docs) {
      docs = [];
      for (const id of base.entries.walk({ chunk: 0, offset: 0 }, 1)) {
        const doc = byId.get(id);
        if (!doc) return null;
        docs.push(doc);
      }
      inOrder?.set(base, docs);
    }
    const groups = new Map<unknown, string[]>();
    for (const doc of docs) {
      const { value, viaArray } = readParts(doc, parts);
      if (viaArray || !groupable(value)) return null;
      let group = groups.get(value);
      if (!group) {
        group = [];
        groups.set(value, group);
      }
      group.push(doc._id);
    }
    const ordered: string[] = [];
    for (const value of [...groups.keys()].sort((a, b) => compareValues(a, b) * direction))
      for (const id of groups.get(value)!) ordered.push(id);
    return ordered;
  }

  /**
   * The documents (positions in `keys`, `width` values each) in runs of equal keys, when there
   * are at most a quarter as many runs as documents: many documents then share a key (a kind of
   * document without the indexed field, a status). Null when the keys are mostly distinct, or one
   * is not a plain string, finite number, boolean, null or missing (a Map key's equality would not
   * be `compareValues`'), and the caller sorts the documents themselves. Mostly distinct first
   * fields are found before anything per run is made, so a build that sorts pays little for it.
   */
  #runsOfEqualKeys(keys: readonly unknown[], count: number): number[][] | null {
    const width = this.fields.length;
    if (count < RUNS_MIN_DOCUMENTS) return null;
    const most = count / 4;
    // Documents spread over the whole list first: a mostly distinct first field shows there, and
    // the build sorts at once, with nothing made for all the documents.
    const sample = new Set<unknown>();
    for (let k = 0; k < RUNS_SAMPLE; k++)
      sample.add(keys[Math.floor((k * count) / RUNS_SAMPLE) * width] ?? null);
    if (sample.size > RUNS_SAMPLE / 4) return null;
    // With more fields, a first field distinct past the sample is found before a Map is made
    // per document (with one, the pass below finds it as cheaply).
    const firsts = new Set<unknown>();
    for (let d = 0; width > 1 && d < count; d++) {
      const value = keys[d * width] ?? null;
      if (!groupable(value)) return null;
      if (!firsts.has(value)) {
        firsts.add(value);
        if (firsts.size > most) return null;
      }
    }
    // Each key's documents: the first one's position, or an array once a second one shares it.
    const root = new Map<unknown, unknown>();
    let distinct = 0;
    for (let d = 0; d < count; d++) {
      let level = root;
      for (let i = 0; i < width - 1; i++) {
        // Missing and null are one key to compareValues.
        const value = keys[d * width + i] ?? null;
        if (!groupable(value)) return null;
        let next = level.get(value) as Map<unknown, unknown> | undefined;
        if (!next) {
          next = new Map();
          level.set(value, next);
        }
        level = next;
      }
      const value = keys[d * width + width - 1] ?? null;
      if (!groupable(value)) return null;
      const held = level.get(value) as number | number[] | undefined;
      if (held === undefined) {
        level.set(value, d);
        if (++distinct > most) return null;
      } else if (typeof held === "number") level.set(value, [held, d]);
      else held.push(d);
    }
    const runs: number[][] = [];
    const collect = (level: Map<unknown, unknown>, depth: number): void => {
      for (const held of level.values()) {
        if (depth < width - 1) collect(held as Map<unknown, unknown>, depth + 1);
        else runs.push(typeof held === "number" ? [held] : (held as number[]));
      }
    };
    collect(root, 0);
    return runs;
  }

  /**
   * Files `docs` into this (empty) index at once: one sort instead of one insert each. Their keys
   * are read once into one flat array and the documents' positions sorted by them, so a build of
   * 100 k documents leaves a few MiB of garbage, not an array and an object per document. Answers
   * the _id of a document whose key another one holds, for a unique index, and then files nothing.
   */
  build(
    docs: Doc[],
    built: readonly CollectionIndex[] = [],
    byId?: ReadonlyMap<string, Doc>,
    inOrder?: BaseOrders,
  ): string | null {
    const base = byId && !this.unique ? built.find((index) => this.#extends(index)) : undefined;
    const grouped = base && byId ? this.#groupedOver(base, byId, inOrder) : null;
    if (grouped) {
      this.entries.loadSorted(grouped);
      this.#unplannable = 0;
      return null;
    }
    const width = this.fields.length;
    // Grown by push: an array made at its full length past 100 k slots would be a slow dictionary.
    const keys: unknown[] = [];
    let unplannable = 0;
    for (let d = 0; d < docs.length; d++) {
      const doc = docs[d]!;
      let plannable = true;
      for (let i = 0; i < width; i++) {
        const { value, viaArray } = readParts(doc, this.#paths[i]!);
        if (viaArray || !isIndexable(value)) plannable = false;
        keys.push(value);
      }
      if (!plannable) unplannable += 1;
    }
    const compareAt = (a: number, b: number): number => {
      for (let i = 0; i < width; i++) {
        const c = compareValues(keys[a * width + i], keys[b * width + i]);
        if (c !== 0) return c * this.fields[i]![1];
      }
      return 0;
    };
    const runs = this.#runsOfEqualKeys(keys, docs.length);
    if (runs) {
      // Few distinct keys: only the runs are compared, and each run's ids by the engine's own
      // string sort (its order is `compareIds`'), not a comparator call per pair of documents.
      runs.sort((a, b) => compareAt(a[0]!, b[0]!));
      const ids: string[] = [];
      for (const run of runs) {
        const runIds = run.map((d) => docs[d]!._id).sort();
        if (this.idDirection === -1) runIds.reverse();
        if (this.unique && runIds.length > 1) return runIds[1]!;
        for (const id of runIds) ids.push(id);
      }
      this.entries.loadSorted(ids);
      this.#unplannable = unplannable;
      return null;
    }
    const order: number[] = [];
    for (let d = 0; d < docs.length; d++) order.push(d);
    order.sort((a, b) => compareAt(a, b) || compareIds(docs[a]!._id, docs[b]!._id) * this.idDirection);
    if (this.unique) {
      for (let i = 1; i < order.length; i++) {
        if (compareAt(order[i - 1]!, order[i]!) === 0) return docs[order[i]!]!._id;
      }
    }
    this.entries.loadSorted(order.map((d) => docs[d]!._id));
    this.#unplannable = unplannable;
    return null;
  }
}

/** A value whose Map key equality is `compareValues`' equality. */
function groupable(value: unknown): boolean {
  switch (typeof value) {
    case "string":
    case "boolean":
      return true;
    case "number":
      return Number.isFinite(value);
    default:
      return value === null;
  }
}

function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function defaultIndexName(keys: SortSpec): string {
  return Object.entries(keys)
    .map(([field, dir]) => `${field}_${dir}`)
    .join("_");
}
