import { comparePositions, isKnownEventType, parseEvent } from "@shop/contracts";
import {
  type DocumentStore,
  DuplicateKeyError,
  type EventStore,
  type LivePublisher,
  type RecordedEvent,
} from "@shop/platform";
import type { Logger } from "pino";
import { availableBatches } from "./batches.ts";
import { loadCheckpoint, type ProjectionProgress, saveCheckpoint } from "./checkpoints.ts";
import type { Notification, ProjectedEvent, Projection, ReadDoc } from "./projection.ts";

export interface ProjectorDeps {
  events: EventStore;
  docs: DocumentStore;
  live: LivePublisher;
  logger: Logger;
  projections: Projection[];
  /** Most events applied between two checkpoint writes (default 200). */
  batchSize?: number;
  /** Called after each checkpointed batch (metrics). */
  onBatch?: (batch: { events: number; position: string; ms: number }) => void;
}

export interface Projector extends ProjectionProgress {
  /** Creates indexes, then follows the log from the stored checkpoint in the background. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** The last applied position, synchronously. */
  current(): string;
}

/**
 * Applies one event to one projection; a revision already applied changes nothing. Answers the
 * live notifications for the change (none with `announce: false`, as in a rebuild).
 */
export const applyEvent = async (
  docs: DocumentStore,
  projection: Projection,
  event: ProjectedEvent,
  opts: { announce?: boolean } = {},
): Promise<Notification[]> => {
  const coll = docs.collection<ReadDoc>(projection.collection);
  const id = projection.documentId(event);
  const doc = await coll.findOne({ _id: id });
  if (doc && doc.revision >= event.revision) return [];
  const next = projection.evolve(doc, event);
  if (next === doc) return [];
  try {
    if (next === null) {
      if (doc) await coll.deleteOne({ _id: id, revision: { $lt: event.revision } });
    } else {
      const guard = doc ? { _id: id, revision: { $lt: event.revision } } : { _id: id };
      await coll.replaceOne(guard, next, { upsert: true });
    }
  } catch (err) {
    // Another writer (a redelivery) got there first with this revision or a newer one.
    if (err instanceof DuplicateKeyError) return [];
    throw err;
  }
  if (opts.announce === false || !projection.notify) return [];
  return projection.notify(next, event, docs);
};

export const toProjected = (r: RecordedEvent): ProjectedEvent =>
  ({
    ...parseEvent(r.type, r.data, r.metadata.schemaVersion),
    id: r.id,
    streamName: r.streamName,
    revision: r.revision,
    position: r.position,
    metadata: r.metadata,
  }) as ProjectedEvent;

/** Which projections handle each event type. */
export const routeByType = (projections: Projection[]): Map<string, Projection[]> => {
  const byType = new Map<string, Projection[]>();
  for (const p of projections) for (const t of p.canHandle) byType.set(t, [...(byType.get(t) ?? []), p]);
  return byType;
};

/**
 * The only writer of read models. Follows the log in global order with `for await`, one batch
 * at a time: the events already available (at most `batchSize`) are applied in order, then the
 * checkpoint moves once, then that batch's notifications go out in order, so the read model
 * holds the new state before anyone hears of it. A failure mid-batch resubscribes from the last
 * checkpoint; the revision guard makes the re-applied events no-ops.
 */
export const createProjector = (deps: ProjectorDeps): Projector => {
  const byType = routeByType(deps.projections);
  const batchSize = deps.batchSize ?? 200;
  let position = "0";
  const waiters = new Set<{ position: string; resolve: (ok: boolean) => void }>();
  const abort = new AbortController();
  let loop: Promise<void> | undefined;

  const advanced = (to: string) => {
    position = to;
    for (const w of waiters) {
      if (comparePositions(to, w.position) >= 0) {
        waiters.delete(w);
        w.resolve(true);
      }
    }
  };

  const publish = (notes: Notification[]) => {
    for (const n of notes) {
      if (n.move) {
        deps.live.socketsLeave(n.rooms, n.move.leave);
        if (n.move.join.length) deps.live.socketsJoin(n.rooms, n.move.join);
      }
      deps.live.emit(n.rooms, n.event, n.payload);
    }
  };

  const follow = async () => {
    for (let attempt = 0; !abort.signal.aborted; attempt++) {
      try {
        const log = deps.events.subscribeToAll({
          fromPosition: position === "0" ? undefined : position,
          signal: abort.signal,
        });
        for await (const batch of availableBatches(log, batchSize)) {
          attempt = 0;
          const started = performance.now();
          const notes: Notification[] = [];
          for (const r of batch) {
            if (!isKnownEventType(r.type)) continue;
            const event = toProjected(r);
            for (const p of byType.get(r.type) ?? []) notes.push(...(await applyEvent(deps.docs, p, event)));
          }
          const last = batch[batch.length - 1];
          if (!last) continue;
          await saveCheckpoint(deps.docs, last.position);
          advanced(last.position);
          publish(notes);
          const done = {
            events: batch.length,
            position: last.position,
            ms: Math.round(performance.now() - started),
          };
          deps.logger.info(done, "batch projected");
          deps.onBatch?.(done);
        }
      } catch (err) {
        if (abort.signal.aborted) return;
        deps.logger.error({ err, position }, "projector subscription failed; resubscribing");
        await new Promise((r) => setTimeout(r, Math.min(5000, 100 * 2 ** attempt)));
      }
    }
  };

  return {
    async start() {
      for (const p of deps.projections) {
        for (const idx of p.indexes ?? []) {
          await deps.docs.collection(p.collection).createIndex(idx.keys, idx.unique ? { unique: true } : {});
        }
      }
      position = (await loadCheckpoint(deps.docs)) ?? "0";
      loop = follow();
    },
    async stop() {
      abort.abort();
      await loop;
      for (const w of waiters) w.resolve(false);
      waiters.clear();
    },
    current: () => position,
    position: async () => position,
    waitFor(target, timeoutMs) {
      if (comparePositions(position, target) >= 0) return Promise.resolve(true);
      return new Promise((resolve) => {
        const waiter = {
          position: target,
          resolve: (ok: boolean) => {
            clearTimeout(timer);
            resolve(ok);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          resolve(false);
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
  };
};
