import { randomUUID } from "node:crypto";
import type { Collection, Doc, Filter, FindOptions, SortSpec, UpdateResult } from "../ports/documents.ts";
import { DuplicateKeyError } from "../ports/documents.ts";
import { type ColdTier, covers, isStub, markStub, projectionCovered, wholeDocuments } from "./coldTier.ts";
import { type BaseOrders, CollectionIndex, defaultIndexName } from "./collectionIndex.ts";
import { projectCopies, projectShared } from "./mingoOps.ts";
import { type QueryResult, runQuery } from "./queryPlanner.ts";
import { applyUpdate, upsertSeed, validateUpdate } from "./updates.ts";
import { copyDocument, isStorableAsIs, withoutUndefined } from "./values.ts";

/**
 * The ids a saved order names (`ranks`: each entry's place in `list`), when it names each of the
 * list's documents exactly once; else null. The list's own ids, so no lookup is needed: a set or
 * a map probe per id per index cost a 100 k-order load as much as sorting.
 */
function idsAtRanks(ranks: Int32Array, list: readonly Doc[]): string[] | null {
  if (ranks.length !== list.length) return null;
  const seen = new Uint8Array(list.length);
  const ids = new Array<string>(ranks.length);
  for (let i = 0; i < ranks.length; i++) {
    const r = ranks[i]!;
    if (r < 0 || r >= list.length || seen[r] === 1) return null;
    seen[r] = 1;
    ids[i] = list[r]!._id;
  }
  return ids;
}

/** Below this many documents, `storeMany` into an empty collection files them one by one. */
const BULK_LOAD_MIN = 64;
/** `storeMany` sorts every index again when the batch is at least 1/BULK_SHARE of the collection it makes. */
const BULK_SHARE = 4;

/** What the last query did; for tests and diagnostics, not part of the port. */
export interface ScanStats {
  examined: number;
  index: string | null;
}

export interface MemoryCollection<T extends Doc = Doc> extends Collection<T> {
  lastScan(): ScanStats;
  /** The stored document itself, not a copy (a snapshot serializes it): never change it. */
  peek(id: string): Readonly<T> | undefined;
  /** Every stored document itself, not copies (a cold one as its stub: coldTier.ts): never change them. */
  peekAll(): IterableIterator<Readonly<T>>;
  /** How many documents are stored, synchronously. */
  size(): number;
  /** Keeps stubs of cold documents from now on, their bodies in `tier` (see coldTier.ts). */
  useTier(tier: ColdTier): void;
  /**
   * Stores `stub` in place of `expected` when that is still the document stored under `id`
   * (its state is saved where `tier.body` reads it): not a write, nothing is told of it.
   */
  evict(id: string, expected: Readonly<T>, stub: Doc): boolean;
  /** Each index's order, to be saved beside the documents (a snapshot's, at a graceful stop). */
  indexOrders(): IndexOrder[];
  /**
   * `storeMany` into this empty collection with its indexes' saved orders: an index whose order was
   * saved for the same `spec` and names each document of `list` once takes it without a sort; any
   * other is sorted. Answers how many indexes took a saved order.
   */
  storeLoaded(list: T[], orders: ReadonlyMap<string, RankedOrder>): Promise<number>;
}

/** An index's order as a load finds it saved: each entry's place in the list being stored. */
export interface RankedOrder {
  spec: string;
  unplannable: number;
  ranks: Int32Array;
}

/** An index's entries in its order, as saved. */
export interface IndexOrder {
  name: string;
  spec: string;
  unplannable: number;
  ids: string[];
}

/** Told of every write, for a snapshot that saves only what changed. */
export interface CollectionChanges {
  /** The document `id` was stored, replaced or deleted. */
  changed(id: string): void;
  /** Every document was deleted at once. */
  cleared(): void;
}

export interface MemoryStoreOptions {
  /**
   * Deep-freeze every document as it is stored (tests): the store hands its own documents to
   * readers that only read (`shared`, the projector), so any code that changed one in place would
   * change what is stored behind the indexes' backs; frozen, it throws instead.
   */
  frozen?: boolean;
}

const deepFreeze = <V>(value: V): V => {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
};

/**
 * One in-memory collection. Every call runs synchronously to completion, so each operation is
 * atomic with respect to the others, like a single-document write in MongoDB.
 */
export function createMemoryCollection<T extends Doc>(
  name: string,
  changes?: CollectionChanges,
  storeOptions: MemoryStoreOptions = {},
): MemoryCollection<T> {
  const docs = new Map<string, Doc>();
  /** A document as stored: deep-frozen under `frozen` (tests), so a change in place throws. */
  const kept = storeOptions.frozen ? (doc: Doc): Doc => deepFreeze(doc) : (doc: Doc): Doc => doc;
  const indexes: CollectionIndex[] = [];
  let stats: ScanStats = { examined: 0, index: null };
  let tier: ColdTier | undefined;
  const whole = (doc: Doc): Doc => (tier && isStub(doc) ? tier.body(doc._id) : doc);

  /**
   * Where an index reads the key of the document stored under an id: the stored document, or for
   * a stub lacking one of the index's fields (an index made after the tier's fields were chosen)
   * its whole document, read back from the tier at each look (slow, but never wrong).
   */
  function keyReader(keys: SortSpec): (id: string) => Doc | undefined {
    const roots = Object.keys(keys).map((path) => path.split(".")[0]!);
    let checked: ColdTier | undefined;
    let stubsHold = true;
    return (id) => {
      const doc = docs.get(id);
      if (!tier || !doc) return doc;
      if (checked !== tier) {
        checked = tier;
        const fields = tier.fields;
        stubsHold = roots.every((root) => root === "_id" || fields.has(root));
      }
      // Stub or not, the stored document holds the index's fields: no stub check per comparison
      // (an index insert compares some fifteen entries; the check was 2.8 % of the API thread placing orders).
      if (stubsHold) return doc;
      return isStub(doc) ? tier.body(id) : doc;
    };
  }

  function query(filter: Filter, opts: FindOptions = {}): QueryResult {
    const sort = Object.entries(opts.sort ?? {});
    // Stubs answer a filter and sort on their fields; any other reads the cold documents whole.
    const source = tier && !covers(tier.fields, filter, sort) ? wholeDocuments(docs, tier) : docs;
    const result = runQuery(source, indexes, { filter, sort, skip: opts.skip ?? 0, limit: opts.limit ?? 0 });
    stats = { examined: result.examined, index: result.index };
    // A projection of fields the stubs hold answers from them: no body is read.
    if (tier && !projectionCovered(tier.fields, opts.projection)) result.docs = result.docs.map(whole);
    return result;
  }

  function copyOut(found: Doc[], projection?: Record<string, 0 | 1>, shared = false): T[] {
    if (!projection || Object.keys(projection).length === 0)
      return (shared ? found : found.map((d) => copyDocument(d))) as T[];
    return (shared ? projectShared(found, projection) : projectCopies(found, projection)) as T[];
  }

  function duplicate(index: string, doc: Doc): DuplicateKeyError {
    return new DuplicateKeyError(
      `E11000 duplicate key error collection: ${name} index: ${index} (_id ${doc._id})`,
    );
  }

  /** Stores `next` in place of `previous` (or as new), after every unique check has passed. */
  function write(next: Doc, previous: Doc | null): void {
    if (!previous && docs.has(next._id)) throw duplicate("_id_", next);
    for (const index of indexes) if (index.conflict(next)) throw duplicate(index.name, next);
    for (const index of indexes) {
      if (previous) index.replace(previous, next);
      else index.add(next);
    }
    docs.set(next._id, kept(next));
    changes?.changed(next._id);
  }

  function remove(doc: Doc): void {
    for (const index of indexes) index.remove(doc);
    docs.delete(doc._id);
    changes?.changed(doc._id);
  }

  function replacement(doc: Doc, id: string): Doc {
    if (doc._id !== undefined && doc._id !== id) {
      throw new Error("the _id field cannot be changed by a replacement");
    }
    return { ...copyDocument(doc), _id: id };
  }

  return {
    async findOne(filter, opts) {
      return (
        copyOut(
          query(filter, { limit: 1, ...(opts?.projection && { projection: opts.projection }) }).docs,
          opts?.projection,
          opts?.shared === true,
        )[0] ?? null
      );
    },
    async find(filter, opts) {
      return copyOut(query(filter, opts).docs, opts?.projection, opts?.shared === true);
    },
    async updateOne(filter, update, opts) {
      validateUpdate(update);
      const [current] = query(filter, { limit: 1 }).docs;
      if (current) {
        const next = copyDocument(current);
        if (!applyUpdate(next, update, false)) return { matchedCount: 1, modifiedCount: 0, upsertedCount: 0 };
        write(next, current);
        return { matchedCount: 1, modifiedCount: 1, upsertedCount: 0 };
      }
      if (!opts?.upsert) return { matchedCount: 0, modifiedCount: 0, upsertedCount: 0 };
      const seed = upsertSeed(filter) as Doc;
      applyUpdate(seed, update, true);
      if (seed._id === undefined) seed._id = randomUUID();
      write(withoutUndefined(seed), null);
      return { matchedCount: 0, modifiedCount: 0, upsertedCount: 1 };
    },
    async replaceOne(filter, doc, opts): Promise<UpdateResult> {
      const [current] = query(filter, { limit: 1 }).docs;
      if (current) {
        write(replacement(doc, current._id), current);
        return { matchedCount: 1, modifiedCount: 1, upsertedCount: 0 };
      }
      if (!opts?.upsert) return { matchedCount: 0, modifiedCount: 0, upsertedCount: 0 };
      const seeded = upsertSeed(filter)._id;
      const id = doc._id ?? (typeof seeded === "string" ? seeded : randomUUID());
      write(replacement(doc, id), null);
      return { matchedCount: 0, modifiedCount: 0, upsertedCount: 1 };
    },
    async deleteOne(filter) {
      const [doc] = query(filter, { limit: 1 }).docs;
      if (doc) remove(doc);
      return { deletedCount: doc ? 1 : 0 };
    },
    async deleteMany(filter) {
      if (Object.keys(filter).length === 0) {
        const deletedCount = docs.size;
        docs.clear();
        for (const index of indexes) index.clear();
        changes?.cleared();
        return { deletedCount };
      }
      const found = query(filter).docs;
      for (const doc of found) remove(doc);
      return { deletedCount: found.length };
    },
    async storeMany(list) {
      const owned = list.map((doc) => {
        if (typeof doc._id !== "string") throw new Error("storeMany needs each document's _id");
        // Handed over by the caller: kept as it is when it is already what a copy would make.
        return isStorableAsIs(doc) ? doc : copyDocument(doc);
      });
      // Into an empty collection (a rebuild's first batch, a snapshot's load), or as many as a
      // quarter of what it will hold (a long tail caught up in bulk): the map filled at once and
      // each index sorted once over every document, rather than one insert per document and
      // index. A unique key held twice leaves it to the one-by-one path below to store the
      // documents before the clash and report it, as the port says.
      if (owned.length >= BULK_LOAD_MIN && owned.length * BULK_SHARE >= docs.size + owned.length) {
        const byId = new Map<string, Doc>(docs);
        for (const doc of owned) byId.set(doc._id, doc);
        const loaded = [...byId.values()];
        for (const index of indexes) index.clear();
        // Shorter indexes first: a longer one that only adds a first field regroups their order.
        const built: CollectionIndex[] = [];
        const inOrder: BaseOrders = new Map();
        for (const index of [...indexes].sort((a, b) => a.fields.length - b.fields.length)) {
          if (index.build(loaded, built, byId, inOrder) !== null) break;
          built.push(index);
        }
        if (built.length === indexes.length) {
          for (const doc of owned) docs.set(doc._id, kept(doc));
          if (changes) for (const doc of owned) changes.changed(doc._id);
          return;
        }
        // The documents already stored were consistent: their indexes are made again.
        const stored = [...docs.values()];
        const rebuilt: CollectionIndex[] = [];
        const storedInOrder: BaseOrders = new Map();
        for (const index of [...indexes].sort((a, b) => a.fields.length - b.fields.length)) {
          index.clear();
          index.build(stored, rebuilt, docs, storedInOrder);
          rebuilt.push(index);
        }
      }
      for (const doc of owned) {
        const previous = docs.get(doc._id);
        // A stub replaced: its index keys are read from the whole document.
        write(doc, previous ? whole(previous) : null);
      }
    },
    indexOrders() {
      return indexes.map((index) => ({ name: index.name, spec: index.spec, ...index.savedOrder() }));
    },
    async storeLoaded(list, orders) {
      if (docs.size !== 0 || orders.size === 0 || list.length < BULK_LOAD_MIN) {
        await this.storeMany(list);
        return 0;
      }
      // Every document checked (and copied where needed) before any is stored: a refusal stores none.
      const owned = list.map((doc) => {
        if (typeof doc._id !== "string") throw new Error("storeLoaded needs each document's _id");
        return isStorableAsIs(doc) ? doc : copyDocument(doc);
      });
      for (const doc of owned) docs.set(doc._id, kept(doc));
      // An _id held twice (the later one stored, as by storeMany): no saved order names each once.
      const distinct = docs.size === list.length;
      const loaded = [...docs.values()];
      const built: CollectionIndex[] = [];
      const inOrder: BaseOrders = new Map();
      let taken = 0;
      for (const index of [...indexes].sort((a, b) => a.fields.length - b.fields.length)) {
        const saved = orders.get(index.name);
        const ids = distinct && saved?.spec === index.spec ? idsAtRanks(saved.ranks, list) : null;
        if (ids && saved) {
          index.loadOrder(ids, saved.unplannable);
          taken += 1;
        } else if (index.build(loaded, built, docs, inOrder) !== null) {
          // A unique key held twice: `storeMany` stores what comes before it and reports it.
          for (const i of indexes) i.clear();
          docs.clear();
          await this.storeMany(list);
          return 0;
        }
        built.push(index);
      }
      if (changes) for (const id of docs.keys()) changes.changed(id);
      return taken;
    },
    async countDocuments(filter = {}) {
      if (Object.keys(filter).length === 0) return docs.size;
      return query(filter).docs.length;
    },
    async createIndex(keys: SortSpec, opts = {}) {
      const indexName = opts.name ?? defaultIndexName(keys);
      const existing = indexes.find((i) => i.name === indexName);
      if (existing) {
        const same =
          JSON.stringify(Object.fromEntries(existing.fields)) === JSON.stringify(keys) &&
          existing.unique === Boolean(opts.unique);
        if (!same) throw new Error(`index ${indexName} already exists with different options`);
        return indexName;
      }
      const index = new CollectionIndex(indexName, keys, Boolean(opts.unique), keyReader(keys));
      for (const doc of tier ? wholeDocuments(docs, tier).values() : docs.values()) {
        const other = index.conflict(doc);
        if (other) throw duplicate(indexName, doc);
        index.add(doc);
      }
      indexes.push(index);
      return indexName;
    },
    lastScan() {
      return { ...stats };
    },
    peek(id) {
      const doc = docs.get(id);
      return (doc && whole(doc)) as T | undefined;
    },
    peekAll() {
      return docs.values() as IterableIterator<T>;
    },
    size() {
      return docs.size;
    },
    useTier(t) {
      tier = t;
    },
    evict(id, expected, stub) {
      if (!tier || docs.get(id) !== expected) return false;
      docs.set(id, kept(isStub(stub) ? stub : markStub(stub)));
      return true;
    },
  };
}
