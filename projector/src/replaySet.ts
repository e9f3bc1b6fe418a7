import { comparePositions } from "@shop/contracts";
import type { Collection, Doc, DocumentStore, Filter } from "@shop/platform";
import { applyMultiStreamChanges, modelsAccess } from "./multiStreamWrite.ts";
import type {
  DocChange,
  MultiStreamProjection,
  Notification,
  PositionedDoc,
  ProjectedEvent,
  Projection,
  ReadDoc,
  ReadModels,
} from "./projection.ts";

export interface ReplaySetOptions {
  /**
   * Changed documents held before they are written in one `storeMany` per collection (default:
   * none is written before the set holds `maxCached` documents, or the rebuild ends: writing early
   * frees nothing, and a store fills an empty collection fastest in one go).
   */
  flushEvery?: number;
  /** Documents kept in memory; past this, the set writes them all, forgets them and reads misses back. */
  maxCached?: number;
  /**
   * The collections already hold documents (a catch-up from a checkpoint, not a rebuild into
   * emptied ones): a document not held yet is read from the store, once.
   */
  existing?: boolean;
}

const TRUE = Promise.resolve(true);
const FALSE = Promise.resolve(false);

interface Entry {
  id: string;
  /** The document as the log has made it so far; null: deleted (or absent). */
  doc: Doc | null;
  /** Changed since the last flush (and listed in its collection's `dirty`). */
  dirty: boolean;
}

interface Held {
  coll: Collection<Doc>;
  entries: Map<string, Entry>;
  dirty: Entry[];
  /** True once documents were forgotten: a miss must then be read from the store. */
  partial: boolean;
}

/**
 * A rebuild's working set: the documents of emptied collections, owned by the replay. An event
 * is applied as `applyEvent` applies it (the same revision guard, the same `evolve`), but to the
 * document held here rather than to a copy read from the store, and the changed documents are
 * written in bulk (`storeMany`, which hands them over without a copy). No live notification
 * is built. Only for collections nobody else writes while it runs (a rebuild).
 *
 * It is also the `ReadModels` the store-backed projections (`apply`) read and write during the
 * rebuild: their reads of the owned collections answer the held documents, their writes change
 * them (with the same compare-and-set as on the store), so their code runs unchanged without a
 * store round trip. Only a query by other fields than `_id` (a product's carts) writes what is
 * held first and asks the store.
 */
export class ReplaySet implements ReadModels {
  readonly #docs: DocumentStore;
  /** The emptied collections the replay owns; others are only read, from the store. */
  readonly #owned: ReadonlySet<string>;
  readonly #held = new Map<string, Held>();
  readonly #flushEvery: number;
  readonly #maxCached: number;
  readonly #existing: boolean;
  #dirtyCount = 0;
  #cached = 0;

  constructor(docs: DocumentStore, owned: Iterable<string>, opts: ReplaySetOptions = {}) {
    this.#docs = docs;
    this.#owned = new Set(owned);
    this.#flushEvery = opts.flushEvery ?? Number.POSITIVE_INFINITY;
    this.#maxCached = opts.maxCached ?? 1_000_000;
    this.#existing = opts.existing ?? false;
  }

  #collection(name: string): Held {
    let held = this.#held.get(name);
    if (!held) {
      if (!this.#owned.has(name)) throw new Error(`the rebuild does not own the collection ${name}`);
      held = {
        coll: this.#docs.collection<Doc>(name),
        entries: new Map(),
        dirty: [],
        partial: this.#existing,
      };
      this.#held.set(name, held);
    }
    return held;
  }

  /** Applies one event to one projection's document; answers a promise only when it had to read. */
  apply(projection: Projection, event: ProjectedEvent): void | Promise<void> {
    const held = this.#collection(projection.collection);
    const id = projection.documentId(event);
    const entry = this.#entry(held, id);
    if (entry instanceof Promise)
      return entry.then((e) => {
        this.#evolve(held, projection, event, e);
        return this.#flushIfFull();
      });
    this.#evolve(held, projection, event, entry);
    return this.#flushIfFull();
  }

  /**
   * Applies one event to a multi-stream projection as `applyMultiStreamChanges` does (the same
   * `changes`, the same position guard, the same documents), on the held documents directly:
   * `own` answers them, and each change is one lookup and no compare-and-set, since nothing else
   * writes the collection during a rebuild. Once documents were forgotten, it goes through the
   * generic path (which reads misses back).
   */
  applyMultiStream(projection: MultiStreamProjection, event: ProjectedEvent): Promise<void> | undefined {
    const held = this.#collection(projection.collection);
    if (held.partial)
      return applyMultiStreamChanges(modelsAccess(this, projection.collection), projection, event).then(() =>
        this.#flushIfFull(),
      );
    const own = (ids: string[]): Map<string, PositionedDoc> => {
      const found = new Map<string, PositionedDoc>();
      for (const id of ids) {
        const doc = held.entries.get(id)?.doc;
        if (doc) found.set(id, doc as PositionedDoc);
      }
      return found;
    };
    const changes = projection.changes(event, own);
    if (changes instanceof Promise) return changes.then((c) => this.#applyChanges(held, c, event.position));
    return this.#applyChanges(held, changes, event.position);
  }

  #applyChanges(held: Held, changes: DocChange[], position: string): Promise<void> | undefined {
    for (const change of changes) {
      const entry = held.entries.get(change.id) ?? this.#hold(held, change.id, null);
      const doc = entry.doc as PositionedDoc | null;
      if (doc && !positionBefore(doc.position, position)) continue;
      const evolved = change.evolve(doc);
      this.#changed(held, entry, evolved && ({ ...evolved, _id: change.id, position } as PositionedDoc));
    }
    return this.#flushIfFull();
  }

  /** The entry of `id`: held, or (none held yet) absent, or read back from the store once forgotten. */
  #entry(held: Held, id: string): Entry | Promise<Entry> {
    const entry = held.entries.get(id);
    if (entry) return entry;
    if (!held.partial) return this.#hold(held, id, null);
    return held.coll.findOne({ _id: id }).then((doc) => held.entries.get(id) ?? this.#hold(held, id, doc));
  }

  #flushIfFull(): Promise<void> | undefined {
    return this.#dirtyCount >= this.#flushEvery || this.#cached > this.#maxCached ? this.flush() : undefined;
  }

  #changed(held: Held, entry: Entry, next: Doc | null): void {
    entry.doc = next;
    if (!entry.dirty) {
      entry.dirty = true;
      held.dirty.push(entry);
      this.#dirtyCount += 1;
    }
  }

  async get<D extends Doc>(collection: string, id: string): Promise<D | null> {
    if (!this.#owned.has(collection)) return this.#docs.collection<D>(collection).findOne({ _id: id });
    const entry = this.#entry(this.#collection(collection), id);
    return ((entry instanceof Promise ? await entry : entry).doc as D | null) ?? null;
  }

  /**
   * `getMany` at once, when the set can answer without the store: documents of a collection it
   * owns and holds whole, or holds each of `ids` of; else undefined.
   */
  held<D extends Doc>(collection: string, ids: readonly string[]): Map<string, D> | undefined {
    if (!this.#owned.has(collection)) return undefined;
    const held = this.#collection(collection);
    const found = new Map<string, D>();
    for (const id of ids) {
      const entry = held.entries.get(id);
      if (!entry && held.partial) return undefined;
      if (entry?.doc) found.set(id, entry.doc as D);
    }
    return found;
  }

  async getMany<D extends Doc>(collection: string, ids: readonly string[]): Promise<Map<string, D>> {
    const found = new Map<string, D>();
    if (!this.#owned.has(collection)) {
      for (const d of await this.#docs.collection<D>(collection).find({ _id: { $in: ids } }))
        found.set(d._id, d);
      return found;
    }
    const held = this.#collection(collection);
    for (const id of ids) {
      const at = this.#entry(held, id);
      const entry = at instanceof Promise ? await at : at;
      if (entry.doc) found.set(id, entry.doc as D);
    }
    return found;
  }

  async find<D extends Doc>(collection: string, filter: Filter): Promise<D[]> {
    // The store answers the query once it holds what the replay holds (a rare event: a product's
    // or a school's change reaching the carts and products that show it).
    if (this.#owned.has(collection)) await this.flush();
    return this.#docs.collection<D>(collection).find(filter);
  }

  write<D extends Doc>(
    collection: string,
    id: string,
    previous: D | null,
    next: D | null,
    guard: "revision" | "position",
  ): Promise<boolean> {
    if (!this.#owned.has(collection))
      return Promise.reject(new Error(`the rebuild does not own the collection ${collection}`));
    const held = this.#collection(collection);
    const found = this.#entry(held, id);
    if (found instanceof Promise)
      return found.then((entry) => this.#write(held, entry, previous, next, guard));
    return this.#write(held, found, previous, next, guard);
  }

  /** The store's compare-and-set: a document read before must still be there as it was read. */
  #write(held: Held, entry: Entry, previous: Doc | null, next: Doc | null, guard: string): Promise<boolean> {
    if (previous && (entry.doc === null || entry.doc[guard] !== previous[guard])) return FALSE;
    if (next !== null && next._id !== entry.id)
      return Promise.reject(new Error("the _id field cannot be changed by a replacement"));
    this.#changed(held, entry, next);
    return this.#flushIfFull()?.then(() => true) ?? TRUE;
  }

  async evolve(projection: Projection, event: ProjectedEvent, announce: boolean): Promise<Notification[]> {
    if (announce) throw new Error("a rebuild sends no live messages");
    await this.apply(projection, event);
    return [];
  }

  #hold(held: Held, id: string, doc: Doc | null): Entry {
    const entry: Entry = { id, doc, dirty: false };
    held.entries.set(id, entry);
    this.#cached += 1;
    return entry;
  }

  #evolve(held: Held, projection: Projection, event: ProjectedEvent, entry: Entry): void {
    const doc = entry.doc as ReadDoc | null;
    if (doc && doc.revision >= event.revision) return;
    const next = projection.evolve(doc, event);
    if (next === doc) return;
    if (next !== null && next._id !== entry.id) {
      if (next._id !== undefined) throw new Error("the _id field cannot be changed by a replacement");
      next._id = entry.id;
    }
    this.#changed(held, entry, next);
  }

  /** Writes every changed document; past `maxCached`, forgets what it holds (the store has it). */
  async flush(): Promise<void> {
    for (const held of this.#held.values()) {
      if (held.dirty.length === 0) continue;
      const stored: Doc[] = [];
      for (const entry of held.dirty) {
        entry.dirty = false;
        if (entry.doc) stored.push(entry.doc);
        else await held.coll.deleteOne({ _id: entry.id });
      }
      held.dirty = [];
      await held.coll.storeMany(stored);
    }
    this.#dirtyCount = 0;
    if (this.#cached > this.#maxCached) {
      for (const held of this.#held.values()) {
        held.entries.clear();
        held.partial = true;
      }
      this.#cached = 0;
    }
  }
}

/**
 * `comparePositions(a, b) < 0` without two BigInts per document: for decimal positions without a
 * leading zero (as the stores answer them) the shorter number is the smaller, else the string
 * order is the number order.
 */
const positionBefore = (a: string, b: string): boolean => {
  if (a.length > 1 && a[0] === "0") return comparePositions(a, b) < 0;
  if (b.length > 1 && b[0] === "0") return comparePositions(a, b) < 0;
  return a.length !== b.length ? a.length < b.length : a < b;
};
