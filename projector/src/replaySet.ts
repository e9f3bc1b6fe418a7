import type { Collection, DocumentStore } from "@shop/platform";
import type { ProjectedEvent, Projection, ReadDoc } from "./projection.ts";

export interface ReplaySetOptions {
  /** Changed documents held before they are written in one `storeMany` per collection. */
  flushEvery?: number;
  /** Documents kept in memory; past this, after a flush, the set forgets them and reads misses back. */
  maxCached?: number;
}

interface Entry {
  id: string;
  /** The document as the log has made it so far; null: deleted (or absent). */
  doc: ReadDoc | null;
  /** Changed since the last flush (and listed in its collection's `dirty`). */
  dirty: boolean;
}

interface Held {
  coll: Collection<ReadDoc>;
  entries: Map<string, Entry>;
  dirty: Entry[];
  /** True once documents were forgotten: a miss must then be read from the store. */
  partial: boolean;
}

/**
 * A rebuild's working set: the documents of emptied collections, owned by the replay. An event
 * is applied as `applyEvent` applies it (the same revision guard, the same `evolve`), but to the
 * document held here rather than to a copy read from the store, and the changed documents are
 * written in batches (`storeMany`, which hands them over without a copy). No live notification
 * is built. Only for collections nobody else writes while it runs (a rebuild).
 */
export class ReplaySet {
  readonly #docs: DocumentStore;
  readonly #held = new Map<string, Held>();
  readonly #flushEvery: number;
  readonly #maxCached: number;
  #dirtyCount = 0;
  #cached = 0;

  constructor(docs: DocumentStore, opts: ReplaySetOptions = {}) {
    this.#docs = docs;
    this.#flushEvery = opts.flushEvery ?? 250_000;
    this.#maxCached = opts.maxCached ?? 1_000_000;
  }

  #collection(name: string): Held {
    let held = this.#held.get(name);
    if (!held) {
      held = { coll: this.#docs.collection<ReadDoc>(name), entries: new Map(), dirty: [], partial: false };
      this.#held.set(name, held);
    }
    return held;
  }

  /** Applies one event to one projection's document; answers a promise only when it had to read. */
  apply(projection: Projection, event: ProjectedEvent): void | Promise<void> {
    const held = this.#collection(projection.collection);
    const id = projection.documentId(event);
    const entry = held.entries.get(id);
    if (entry) this.#evolve(held, projection, event, entry);
    else if (!held.partial) this.#evolve(held, projection, event, this.#hold(held, id, null));
    else
      return held.coll.findOne({ _id: id }).then((doc) => {
        this.#evolve(held, projection, event, this.#hold(held, id, doc));
        if (this.#dirtyCount >= this.#flushEvery) return this.flush();
      });
    if (this.#dirtyCount >= this.#flushEvery) return this.flush();
  }

  #hold(held: Held, id: string, doc: ReadDoc | null): Entry {
    const entry: Entry = { id, doc, dirty: false };
    held.entries.set(id, entry);
    this.#cached += 1;
    return entry;
  }

  #evolve(held: Held, projection: Projection, event: ProjectedEvent, entry: Entry): void {
    const doc = entry.doc;
    if (doc && doc.revision >= event.revision) return;
    const next = projection.evolve(doc, event);
    if (next === doc) return;
    if (next !== null && next._id !== entry.id) {
      if (next._id !== undefined) throw new Error("the _id field cannot be changed by a replacement");
      next._id = entry.id;
    }
    entry.doc = next;
    if (!entry.dirty) {
      entry.dirty = true;
      held.dirty.push(entry);
      this.#dirtyCount += 1;
    }
  }

  /** Writes every changed document; past `maxCached`, forgets what it holds (the store has it). */
  async flush(): Promise<void> {
    for (const held of this.#held.values()) {
      if (held.dirty.length === 0) continue;
      const stored: ReadDoc[] = [];
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
