import { describe, expect, it } from "vitest";
import { createMemoryDocumentStore } from "../documents/memoryDocumentStore.ts";
import type { Doc, DocumentStore } from "../ports/documents.ts";
import { CHECKPOINTS, checkpointProgress, saveCheckpoint } from "./checkpoints.ts";

/** Counts reads of the checkpoint document. */
const countingReads = (inner: DocumentStore) => {
  let reads = 0;
  const docs: DocumentStore = {
    collection<T extends Doc>(name: string) {
      const c = inner.collection<T>(name);
      if (name !== CHECKPOINTS) return c;
      return {
        ...c,
        findOne: (f: Parameters<typeof c.findOne>[0], o?: Parameters<typeof c.findOne>[1]) => {
          reads++;
          return c.findOne(f, o);
        },
      };
    },
    close: () => inner.close(),
  };
  return { docs, reads: () => reads };
};

describe("query-api's view of the projector's checkpoint (another process)", () => {
  it("reads nothing while nobody waits, shares one check among waiters, and wakes on the projector's notice", async () => {
    const memory = createMemoryDocumentStore();
    const { docs, reads } = countingReads(memory);
    const listeners = new Set<(p: string) => void>();
    const progress = checkpointProgress(docs, {
      intervalMs: 60_000, // the fallback poll never fires within this test: only the notice can wake the waiters
      onMoved: (l) => {
        listeners.add(l);
        return () => listeners.delete(l);
      },
    });
    try {
      await saveCheckpoint(memory, "10");
      expect(await progress.waitFor("10", 1000)).toBe(true);

      // Idle: no polling at all.
      const idleFrom = reads();
      await new Promise((r) => setTimeout(r, 300));
      expect(reads()).toBe(idleFrom);

      // Fifty requests wait on position 20; the projector gets there and says so.
      const from = reads();
      const waiting = Array.from({ length: 50 }, () => progress.waitFor("20", 5000));
      await new Promise((r) => setTimeout(r, 100));
      await saveCheckpoint(memory, "20");
      const started = performance.now();
      for (const l of listeners) l("20");
      expect(await Promise.all(waiting)).toEqual(Array(50).fill(true));
      expect(performance.now() - started).toBeLessThan(500);
      expect(reads() - from).toBeLessThanOrEqual(3);

      // A position nobody reaches: answered false at the bound.
      expect(await progress.waitFor("30", 200)).toBe(false);
    } finally {
      progress.close();
    }
  });

  it("without notices it re-reads every intervalMs while someone waits", async () => {
    const memory = createMemoryDocumentStore();
    const progress = checkpointProgress(memory, { intervalMs: 50 });
    try {
      const waiting = progress.waitFor("5", 2000);
      setTimeout(() => void saveCheckpoint(memory, "5"), 150);
      expect(await waiting).toBe(true);
    } finally {
      progress.close();
    }
  });
});
