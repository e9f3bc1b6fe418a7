import type { Doc, DocumentStore } from "../ports/documents.ts";
import {
  createMemoryCollection,
  type MemoryCollection,
  type MemoryStoreOptions,
} from "./memoryCollection.ts";

/** Told of every write to any collection of the store (see `MemoryDocumentStore.watch`). */
export interface StoreChanges {
  changed(collection: string, id: string): void;
  cleared(collection: string): void;
}

export interface MemoryDocumentStore extends DocumentStore {
  collection<T extends Doc = Doc>(name: string): MemoryCollection<T>;
  /** Calls `listener` on every later write (a snapshot's change tracking); answers the unwatch. */
  watch(listener: StoreChanges): () => void;
}

/** The embedded store (`createMemoryDocumentStore`), rather than another `DocumentStore`. */
export const isMemoryDocumentStore = (docs: DocumentStore): docs is MemoryDocumentStore =>
  typeof (docs as Partial<MemoryDocumentStore>).watch === "function";

/**
 * The embedded read-model store: collections live in memory. Nothing here is persisted by
 * itself: they are rebuilt from the event log at start, or loaded from a `memorySnapshot`.
 */
export function createMemoryDocumentStore(opts: MemoryStoreOptions = {}): MemoryDocumentStore {
  const collections = new Map<string, MemoryCollection<Doc>>();
  const listeners = new Set<StoreChanges>();
  return {
    collection<T extends Doc = Doc>(name: string): MemoryCollection<T> {
      let collection = collections.get(name);
      if (!collection) {
        collection = createMemoryCollection<Doc>(
          name,
          {
            changed(id) {
              for (const l of listeners) l.changed(name, id);
            },
            cleared() {
              for (const l of listeners) l.cleared(name);
            },
          },
          opts,
        );
        collections.set(name, collection);
      }
      // One untyped collection per name; T is the caller's view of its documents.
      return collection as unknown as MemoryCollection<T>;
    },
    watch(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      collections.clear();
    },
  };
}
