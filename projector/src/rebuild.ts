import { comparePositions } from "@shop/contracts";
import { type DocumentStore, type EventStore, type RecordedEvent, resetCheckpoint } from "@shop/platform";
import { applyEvent } from "./guardedWrite.ts";
import type { AnyProjection, ProjectedEvent, Projection } from "./projection.ts";
import { ReplaySet, type ReplaySetOptions } from "./replaySet.ts";
import { routeByType } from "./routing.ts";

export interface RebuildDeps {
  events: EventStore;
  docs: DocumentStore;
  projections: AnyProjection[];
  /** How the replay batches and holds documents (tests use small figures). */
  replay?: ReplaySetOptions;
}

export interface RebuildResult {
  /** Events read from the log (known or not). */
  events: number;
  ms: number;
  /** The last position replayed, now the checkpoint. */
  position: string;
}

/**
 * Replays the whole log into emptied read-model collections with the projections' own `evolve`
 * and `applyEvent`'s revision guard (so live and rebuilt documents must be equal), on documents
 * the replay owns, written in batches, without live notifications (`ReplaySet`). It
 * reads up to the head it saw at the start and leaves the checkpoint there, so a projector
 * started afterwards carries on from it. Run it with the projector stopped: both write the same
 * collections.
 */
export const rebuildReadModels = async ({
  events,
  docs,
  projections,
  replay: replayOptions,
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
  const set = new ReplaySet(docs, replayOptions);
  /**
   * A projection that reads and writes the store itself (`apply`: a cart reading its product, the
   * dashboard's multi-stream figures) sees the store as the log made it: the documents the set
   * holds are written first, and it applies the event through `applyEvent`, as live.
   */
  const replayThroughStore = async (handlers: AnyProjection[], event: ProjectedEvent): Promise<void> => {
    for (const p of handlers) {
      if ("apply" in p) {
        await set.flush();
        await applyEvent(docs, p, event, { announce: false });
      } else await set.apply(p, event);
    }
  };
  /** Applies one event; a promise only when a document had to be read back from the store. */
  const replay = (r: RecordedEvent): Promise<void> | undefined => {
    const routed = route(r);
    if (!routed) return undefined;
    const { projections: handlers, event } = routed;
    const held = handlers.filter((p): p is Projection => !("apply" in p));
    if (held.length < handlers.length) return replayThroughStore(handlers, event);
    for (let i = 0; i < held.length; i++) {
      const reading = set.apply(held[i]!, event);
      if (reading)
        return reading.then(async () => {
          for (const p of held.slice(i + 1)) await set.apply(p, event);
        });
    }
    return undefined;
  };
  if (head !== "0" && events.readPages) {
    for await (const page of events.readPages({ toPosition: head })) {
      for (const r of page) {
        const reading = replay(r);
        if (reading) await reading;
      }
      count += page.length;
      position = page[page.length - 1]?.position ?? position;
    }
  } else if (head !== "0") {
    // The subscription never ends by itself; stop at the head known at the start.
    for await (const r of events.subscribeToAll({ signal: abort.signal })) {
      const reading = replay(r);
      if (reading) await reading;
      count += 1;
      position = r.position;
      if (comparePositions(r.position, head) >= 0) break;
    }
  }
  abort.abort();
  await set.flush();
  await resetCheckpoint(docs, position);
  return { events: count, ms: performance.now() - started, position };
};
