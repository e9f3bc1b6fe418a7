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
}

export interface Projector extends Omit<Progress, "advance" | "release"> {
  /** Creates indexes, then follows the log from the stored checkpoint in the background. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** The only writer of read models (ARCHITECTURE §1): see `follow` for how it keeps them. */
export const createProjector = (deps: ProjectorDeps): Projector => {
  const progress = createProgress();
  const abort = new AbortController();
  let loop: Promise<void> | undefined;

  return {
    async start() {
      for (const p of deps.projections) {
        for (const idx of p.indexes) {
          await deps.docs.collection(p.collection).createIndex(idx.keys, idx.unique ? { unique: true } : {});
        }
      }
      progress.advance((await loadCheckpoint(deps.docs)) ?? "0");
      loop = follow({
        ...deps,
        route: routeByType(deps.projections),
        progress,
        batchSize: deps.batchSize ?? 200,
        signal: abort.signal,
      });
    },
    async stop() {
      abort.abort();
      await loop;
      progress.release();
    },
    current: progress.current,
    position: progress.position,
    waitFor: progress.waitFor,
  };
};
