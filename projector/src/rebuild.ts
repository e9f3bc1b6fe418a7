import { comparePositions } from "@shop/contracts";
import { type DocumentStore, type EventStore, saveCheckpoint } from "@shop/platform";
import { applyEvent } from "./guardedWrite.ts";
import type { AnyProjection } from "./projection.ts";
import { routeByType } from "./routing.ts";

export interface RebuildDeps {
  events: EventStore;
  docs: DocumentStore;
  projections: AnyProjection[];
}

export interface RebuildResult {
  /** Events read from the log (known or not). */
  events: number;
  ms: number;
  /** The last position replayed, now the checkpoint. */
  position: string;
}

/**
 * Replays the whole log into emptied read-model collections, through the same `applyEvent` the
 * live projector uses (so both must produce equal documents), without live notifications. It
 * reads up to the head it saw at the start and leaves the checkpoint there, so a projector
 * started afterwards carries on from it. Run it with the projector stopped: both write the same
 * collections.
 */
export const rebuildReadModels = async ({
  events,
  docs,
  projections,
}: RebuildDeps): Promise<RebuildResult> => {
  const started = performance.now();
  for (const p of projections) {
    const coll = docs.collection(p.collection);
    await coll.deleteMany({});
    for (const idx of p.indexes) await coll.createIndex(idx.keys, idx.unique ? { unique: true } : {});
  }
  const route = routeByType(projections);
  const head = await events.headPosition();
  const abort = new AbortController();
  let count = 0;
  let position = "0";
  if (head !== "0") {
    // The subscription never ends by itself; stop at the head known at the start.
    for await (const r of events.subscribeToAll({ signal: abort.signal })) {
      const routed = route(r);
      if (routed)
        for (const p of routed.projections) await applyEvent(docs, p, routed.event, { announce: false });
      count += 1;
      position = r.position;
      if (comparePositions(r.position, head) >= 0) break;
    }
  }
  abort.abort();
  await saveCheckpoint(docs, position);
  return { events: count, ms: performance.now() - started, position };
};
