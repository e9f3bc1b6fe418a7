import { comparePositions } from "@shop/contracts";
import { type DocumentStore, type EventStore, type LivePublisher, loadCheckpoint } from "@shop/platform";
import type { Logger } from "pino";
import { createProgress, type Progress } from "./progress.ts";
import type { AnyProjection } from "./projection.ts";
import { routeByType } from "./routing.ts";
import { type BatchDone, follow } from "./subscription.ts";

export interface ProjectorDeps {
  events: EventStore;
  docs: DocumentStore;
  live: LivePublisher;
  logger: Logger;
  projections: AnyProjection[];
  /** Most events applied between two checkpoint writes (default 200). */
  batchSize?: number;
  /** Called after each checkpointed batch (metrics). */
  onBatch?: (batch: BatchDone) => void;
  /** This leader's fence (the Redis lock's); checkpoint writes of an older fence are refused. */
  fence?: number;
}

/**
 * The stored checkpoint is beyond the log's last event: the event store was reset or replaced
 * under read models kept elsewhere. Projecting on would skip every event up to the checkpoint.
 */
export class CheckpointAheadError extends Error {
  override name = "CheckpointAheadError";
  constructor(checkpoint: string, head: string) {
    super(
      `the read models' checkpoint (${checkpoint}) is beyond the end of the event log (${head}): ` +
        "the event store was reset or replaced. Refusing to project. Fix: stop the projector, " +
        "run `npm run rebuild-read-models`, then start it again",
    );
  }
}

export interface Projector extends Omit<Progress, "advance" | "release"> {
  /**
   * Creates indexes, checks the stored checkpoint against the log (`CheckpointAheadError`), then
   * follows the log from it in the background.
   */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Aborts when projecting stopped by itself: a newer leader owns the checkpoint (its reason). */
  halted: AbortSignal;
}

/**
 * Most events applied per checkpoint write. A batch is only what is already available (a
 * caught-up projector applies events one or a few at a time); 200 bounds the work redone after a
 * crash and the wait of a read-your-writes reader behind a catch-up, while one checkpoint write
 * per 200 events keeps catch-up (and `npm run rebuild-read-models`) near the store's read speed.
 */
export const DEFAULT_BATCH_SIZE = 200;

/** The only writer of read models (ARCHITECTURE §1): see `follow` for how it keeps them. */
export const createProjector = (deps: ProjectorDeps): Projector => {
  const progress = createProgress();
  const abort = new AbortController();
  const halt = new AbortController();
  let loop: Promise<void> | undefined;

  return {
    async start() {
      for (const p of deps.projections) {
        for (const idx of p.indexes) {
          await deps.docs.collection(p.collection).createIndex(idx.keys, idx.unique ? { unique: true } : {});
        }
      }
      const [stored, head] = await Promise.all([loadCheckpoint(deps.docs), deps.events.headPosition()]);
      const from = stored ?? "0";
      if (comparePositions(from, head) > 0) throw new CheckpointAheadError(from, head);
      progress.advance(from);
      loop = follow({
        ...deps,
        route: routeByType(deps.projections),
        progress,
        batchSize: deps.batchSize ?? DEFAULT_BATCH_SIZE,
        fence: deps.fence ?? 0,
        signal: abort.signal,
        onHalt: (reason) => halt.abort(reason),
      });
    },
    async stop() {
      abort.abort();
      await loop;
      progress.release();
    },
    halted: halt.signal,
    current: progress.current,
    position: progress.position,
    waitFor: progress.waitFor,
  };
};
