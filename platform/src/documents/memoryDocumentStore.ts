import type { Doc, DocumentStore } from "../ports/documents.ts";
import { createMemoryCollection, type MemoryCollection } from "./memoryCollection.ts";

export interface MemoryDocumentStore extends DocumentStore {
  collection<T extends Doc = Doc>(name: string): MemoryCollection<T>;
}

/**
 * The embedded read-model store: collections live in memory and are rebuilt from the event log
 * at start, so nothing here is persisted.
 */
export function createMemoryDocumentStore(): MemoryDocumentStore {
  const collections = new Map<string, MemoryCollection<Doc>>();
  return {
    collection<T extends Doc = Doc>(name: string): MemoryCollection<T> {
      let collection = collections.get(name);
      if (!collection) {
        collection = createMemoryCollection<Doc>(name);
        collections.set(name, collection);
      }
      // One untyped collection per name; T is the caller's view of its documents.
      return collection as unknown as MemoryCollection<T>;
    },
    async close() {
      collections.clear();
    },
  };
}
