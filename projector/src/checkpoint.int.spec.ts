import {
  CheckpointRefusedError,
  createMemoryDocumentStore,
  loadCheckpoint,
  resetCheckpoint,
  saveCheckpoint,
} from "@shop/platform";
import { afterEach, describe, expect, it } from "vitest";
import { allProjections } from "./projections.ts";
import { CheckpointAheadError, createProjector } from "./projector.ts";
import { recordingLive, silentLogger, tempEventStore } from "./testing/harness.ts";
import { appendHistory, generateHistory } from "./testing/history.ts";

describe("the projector's checkpoint", () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0)) await c();
  });

  it("beyond the end of the log (the event store was reset): the projector refuses to run and names the fix", async () => {
    const store = tempEventStore();
    cleanups.push(store.destroy);
    await appendHistory(store.events, generateHistory({ seed: 3, steps: 40 }));
    const head = await store.events.headPosition();
    const docs = createMemoryDocumentStore();
    // Read models kept from a bigger log than this one.
    await saveCheckpoint(docs, String(BigInt(head) + 500n));
    const projector = createProjector({
      events: store.events,
      docs,
      live: recordingLive().live,
      logger: silentLogger(),
      projections: allProjections,
    });
    cleanups.push(() => projector.stop());
    const refused = projector.start();
    await expect(refused).rejects.toBeInstanceOf(CheckpointAheadError);
    await expect(refused).rejects.toThrow(/npm run rebuild-read-models/);
    // Nothing was projected and the checkpoint was left as it was, for the operator to see.
    expect(await docs.collection("orders").countDocuments({})).toBe(0);
    expect(await loadCheckpoint(docs)).toBe(String(BigInt(head) + 500n));
    console.log(
      `checkpoint ahead: checkpoint ${BigInt(head) + 500n} > log head ${head}: projector refused to start`,
    );
  });

  it("only moves forward, and a deposed leader (an older fence) cannot move it at all", async () => {
    const docs = createMemoryDocumentStore();
    await saveCheckpoint(docs, "90", { fence: 1 });
    await saveCheckpoint(docs, "100", { fence: 1 });
    // Back: ignored ("9" < "10" as numbers, though not as strings).
    await saveCheckpoint(docs, "99", { fence: 1 });
    expect(await loadCheckpoint(docs)).toBe("100");
    // A new leader (fence 2) takes over and moves on.
    await saveCheckpoint(docs, "120", { fence: 2 });
    // The old leader, not yet aware it lost the lock, tries to write: refused, even forward.
    await expect(saveCheckpoint(docs, "130", { fence: 1 })).rejects.toBeInstanceOf(CheckpointRefusedError);
    await expect(saveCheckpoint(docs, "110", { fence: 1 })).rejects.toBeInstanceOf(CheckpointRefusedError);
    expect(await loadCheckpoint(docs)).toBe("120");
    // A rebuild resets it wherever the log ends, and any later leader carries on from there.
    await resetCheckpoint(docs, "40");
    expect(await loadCheckpoint(docs)).toBe("40");
    await saveCheckpoint(docs, "41", { fence: 3 });
    expect(await loadCheckpoint(docs)).toBe("41");
  });

  it("a projector whose checkpoint write is refused stops projecting instead of resubscribing", async () => {
    const store = tempEventStore();
    cleanups.push(store.destroy);
    const docs = createMemoryDocumentStore();
    await saveCheckpoint(docs, "0", { fence: 5 });
    const projector = createProjector({
      events: store.events,
      docs,
      live: recordingLive().live,
      logger: silentLogger(),
      projections: allProjections,
      fence: 4,
    });
    cleanups.push(() => projector.stop());
    await projector.start();
    await appendHistory(store.events, generateHistory({ seed: 4, steps: 20 }));
    if (!projector.halted.aborted)
      await new Promise<void>((resolve) => projector.halted.addEventListener("abort", () => resolve()));
    expect(projector.halted.reason).toBeInstanceOf(CheckpointRefusedError);
    expect(await loadCheckpoint(docs)).toBe("0");
  });
});
