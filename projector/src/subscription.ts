import { comparePositions, isKnownEventType, parseEvent } from "@shop/contracts";
import {
  type DocumentStore,
  DuplicateKeyError,
  type EventStore,
  type LivePublisher,
  type RecordedEvent,
} from "@shop/platform";
import type { Logger } from "pino";
import { loadCheckpoint, type ProjectionProgress, saveCheckpoint } from "./checkpoints.ts";
import type { Notification, ProjectedEvent, Projection, ReadDoc } from "./projection.ts";

export interface ProjectorDeps {
  events: EventStore;
  docs: DocumentStore;
  live: LivePublisher;
  logger: Logger;
  projections: Projection[];
}

export interface Projector extends ProjectionProgress {
  /** Creates indexes, then follows the log from the stored checkpoint in the background. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** The last applied position, synchronously. */
  current(): string;
}

/** Applies one event to one projection; a revision already applied changes nothing. */
export const applyEvent = async (
  docs: DocumentStore,
  projection: Projection,
  event: ProjectedEvent,
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
  return projection.notify?.(next, event) ?? [];
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

/**
 * The only writer of read models. Follows the log in global order with `for await` (so each
 * event is applied before the next is read), moves the checkpoint only after the writes, and
 * announces live notifications only once the read model holds the new state.
 */
export const createProjector = (deps: ProjectorDeps): Projector => {
  const byType = new Map<string, Projection[]>();
  for (const p of deps.projections) for (const t of p.canHandle) byType.set(t, [...(byType.get(t) ?? []), p]);
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
        for await (const r of deps.events.subscribeToAll({
          fromPosition: position === "0" ? undefined : position,
          signal: abort.signal,
        })) {
          attempt = 0;
          const notes: Notification[] = [];
          if (isKnownEventType(r.type)) {
            const event = toProjected(r);
            for (const p of byType.get(r.type) ?? []) notes.push(...(await applyEvent(deps.docs, p, event)));
          }
          await saveCheckpoint(deps.docs, r.position);
          advanced(r.position);
          publish(notes);
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
