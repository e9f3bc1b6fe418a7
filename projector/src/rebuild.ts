import { comparePositions } from "@shop/contracts";
import { type DocumentStore, type EventStore, resetCheckpoint } from "@shop/platform";
import { type AnyProjection, type HeldDocs, PROJECTED_METADATA, type ProjectedEvent } from "./projection.ts";
import { replayDecoder } from "./replayDecoder.ts";
import { ReplaySet, type ReplaySetOptions } from "./replaySet.ts";
import { routeByType, type StoredEvent } from "./routing.ts";

export interface RebuildDeps {
  events: EventStore;
  docs: DocumentStore;
  projections: AnyProjection[];
  /** How the replay batches and holds documents (tests use small figures). */
  replay?: ReplaySetOptions;
  /**
   * Catch up from this checkpoint instead: the collections keep their documents (read models
   * loaded from a snapshot taken there), and only the log after it is replayed onto them, the
   * same way (`catchUpReadModels`).
   */
  from?: string;
}

export interface RebuildResult {
  /** Events read from the log (known or not). */
  events: number;
  ms: number;
  /** The last position replayed, now the checkpoint. */
  position: string;
}

/**
 * Replays the whole log into emptied read-model collections with the projections' own code
 * (`evolve` with `applyEvent`'s revision guard, or `apply` with `ReadModels` reads and guarded
 * writes, so live and rebuilt documents must be equal), on documents the replay owns, written in
 * bulk (at the end, or whenever the set must forget), without live notifications (`ReplaySet`). It
 * reads up to the head it saw at the start and leaves the checkpoint there, so a projector
 * started afterwards carries on from it. Run it with the projector stopped: both write the same
 * collections.
 */
export const rebuildReadModels = async ({
  events,
  docs,
  projections,
  replay: replayOptions,
  from,
}: RebuildDeps): Promise<RebuildResult> => {
  const started = performance.now();
  for (const p of projections) {
    const coll = docs.collection(p.collection);
    if (from === undefined) await coll.deleteMany({});
    for (const idx of p.indexes) await coll.createIndex(idx.keys, idx.unique ? { unique: true } : {});
  }
  const route = routeByType(projections);
  const head = await events.headPosition();
  const abort = new AbortController();
  let count = 0;
  let position = from ?? "0";
  const set = new ReplaySet(
    docs,
    projections.map((p) => p.collection),
    { ...replayOptions, ...(from !== undefined && { existing: true }) },
  );
  const held: HeldDocs = (collection, ids) => set.held(collection, ids);
  /**
   * One projection's part of one event, on the set: a single-document projection straight on the
   * held document (a promise only when it had to be read back), a store-backed one (`apply`: a
   * cart reading its product) through the set as its `ReadModels`, without notifications, unless
   * this event needs no other document (`alone`: then as a single-document one); a
   * multi-stream one (the dashboard's figures) on the set's documents directly.
   */
  const step = (p: AnyProjection, event: ProjectedEvent): Promise<unknown> | undefined => {
    if ("kind" in p) return set.applyMultiStream(p, event);
    if (!("apply" in p)) return set.apply(p, event) ?? undefined;
    const alone = p.alone?.(event, held);
    return alone ? (set.apply(alone.projection, alone.event) ?? undefined) : p.apply(set, event, false);
  };
  /** Applies one event; a promise only when a projection needed one. */
  const replay = (r: StoredEvent): Promise<void> | undefined => {
    const routed = route(r);
    if (!routed) return undefined;
    const { projections: handlers, event } = routed;
    for (let i = 0; i < handlers.length; i++) {
      const pending = step(handlers[i]!, event);
      if (pending)
        return pending.then(async () => {
          for (let j = i + 1; j < handlers.length; j++) await step(handlers[j]!, event);
        });
    }
    return undefined;
  };
  const behind = comparePositions(head, position) > 0;
  if (behind && events.readPages) {
    // The store may read, parse and decode the log in a thread of its own (a second core) while
    // this one projects.
    for await (const page of events.readPages({
      ...(from !== undefined && { fromPosition: from }),
      toPosition: head,
      decoder: replayDecoder,
      only: { metadata: PROJECTED_METADATA },
    })) {
      for (const r of page) {
        const reading = replay(r);
        if (reading) await reading;
      }
      count += page.length;
      position = page[page.length - 1]?.position ?? position;
    }
  } else if (behind) {
    // The subscription never ends by itself; stop at the head known at the start.
    for await (const r of events.subscribeToAll({
      signal: abort.signal,
      ...(from !== undefined && { fromPosition: from }),
    })) {
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

/**
 * Read models loaded at `from` (a snapshot's checkpoint) brought up to the log's head as a rebuild
 * brings empty ones: the same projection code on documents the replay holds (each read once from
 * the store), written back in bulk, no live notification, the checkpoint left at the head. Far
 * cheaper per event than the projector's live path for a long tail; run it before the projector.
 */
export const catchUpReadModels = (
  deps: Omit<RebuildDeps, "from"> & { from: string },
): Promise<RebuildResult> => rebuildReadModels(deps);
