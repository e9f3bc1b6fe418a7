import { type Collection, createMemoryDocumentStore, type Doc, type DocumentStore } from "@shop/platform";
import { afterEach, describe, expect, it } from "vitest";
import { allProjections } from "./projections.ts";
import { createProjector } from "./projector.ts";
import { rebuildReadModels } from "./rebuild.ts";
import { dump, recordingLive, silentLogger, tempEventStore } from "./testing/harness.ts";
import { appendHistory, generateHistory } from "./testing/history.ts";

const collections = allProjections.map((p) => p.collection);

/** A document store whose writes fail while `failing` is set: a crash in the middle of a batch. */
const faultyDocs = (inner: DocumentStore) => {
  const state = { failing: false, writes: 0, faults: 0, crashAt: 0, onCrash: () => {} };
  const guard = () => {
    state.writes++;
    if (state.writes === state.crashAt) {
      state.faults++;
      state.onCrash();
      throw new Error("injected crash in the middle of a batch");
    }
    if (state.failing) {
      state.faults++;
      throw new Error("injected fault: document store unavailable");
    }
  };
  const store: DocumentStore = {
    collection<T extends Doc>(name: string): Collection<T> {
      const c = inner.collection<T>(name);
      return {
        ...c,
        findOne: (f, o) => c.findOne(f, o),
        find: (f, o) => c.find(f, o),
        countDocuments: (f) => c.countDocuments(f),
        createIndex: (k, o) => c.createIndex(k, o),
        deleteMany: (f) => c.deleteMany(f),
        updateOne: async (f, u, o) => {
          guard();
          return c.updateOne(f, u, o);
        },
        replaceOne: async (f, d, o) => {
          guard();
          return c.replaceOne(f, d, o);
        },
        deleteOne: async (f) => {
          guard();
          return c.deleteOne(f);
        },
      };
    },
    close: () => inner.close(),
  };
  return { store, state };
};

describe("projector faults", () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0)) await c();
  });

  it("stopped mid-batch and restarted, or failing writes mid-batch: the read models equal a full rebuild", async () => {
    const store = tempEventStore();
    cleanups.push(store.destroy);
    const history = generateHistory({ seed: 11, steps: 2500 });
    await appendHistory(store.events, history.slice(0, 1000));

    const memory = createMemoryDocumentStore();
    const { store: docs, state } = faultyDocs(memory);
    const make = () =>
      createProjector({
        events: store.events,
        docs,
        live: recordingLive().live,
        logger: silentLogger(),
        projections: allProjections,
      });

    // 1. Crashes at the 150th write, in the middle of its first batches, and stops there.
    const first = make();
    const crashed = new Promise<void>((resolve) => {
      state.crashAt = 150;
      state.onCrash = () => resolve();
    });
    await first.start();
    await crashed;
    await first.stop();
    const stoppedAt = first.current();
    expect(Number(stoppedAt)).toBeLessThan(1000);

    // 2. A new instance resumes from the stored checkpoint while more events arrive.
    const second = make();
    cleanups.push(() => second.stop());
    await second.start();
    await appendHistory(store.events, history.slice(1000, 1800));

    // 3. Writes fail for a while in the middle of batches; the projector resubscribes from its checkpoint.
    state.failing = true;
    await appendHistory(store.events, history.slice(1800));
    await new Promise((r) => setTimeout(r, 300));
    state.failing = false;

    const head = await store.events.headPosition();
    expect(await second.waitFor(head, 30_000)).toBe(true);
    expect(state.faults).toBeGreaterThan(0);

    const rebuilt = createMemoryDocumentStore();
    await rebuildReadModels({ events: store.events, docs: rebuilt, projections: allProjections });
    const live = await dump(memory, collections);
    const fresh = await dump(rebuilt, collections);
    for (const c of collections) expect(live[c], c).toEqual(fresh[c]);
    console.log(
      `projector faults: stopped at position ${stoppedAt} of ${head}, ${state.faults} write faults injected, ${state.writes} writes; read models equal a rebuild`,
    );
  });
});
