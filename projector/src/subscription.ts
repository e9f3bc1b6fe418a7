import { setTimeout as sleep } from "node:timers/promises";
import {
  CheckpointRefusedError,
  type DocumentStore,
  type EventStore,
  type LivePublisher,
  saveCheckpoint,
} from "@shop/platform";
import type { Logger } from "pino";
import { availableBatches } from "./batches.ts";
import { applyEvent } from "./guardedWrite.ts";
import type { Progress } from "./progress.ts";
import type { Notification } from "./projection.ts";
import { publish } from "./publish.ts";
import type { Routes } from "./routing.ts";

export interface BatchDone {
  events: number;
  position: string;
  ms: number;
}

export interface FollowDeps {
  events: EventStore;
  docs: DocumentStore;
  live: LivePublisher;
  logger: Logger;
  route: Routes;
  progress: Progress;
  batchSize: number;
  onBatch?: (batch: BatchDone) => void;
  /** The leader's fence for conditional checkpoint writes. */
  fence: number;
  /** Projecting stopped for good: a newer leader owns the checkpoint. */
  onHalt?: (reason: Error) => void;
  signal: AbortSignal;
}

/**
 * Follows the log in global order with `for await`, one batch at a time: the events already
 * available (at most `batchSize`) are applied in order, then the checkpoint moves once, then that
 * batch's notifications go out in order, so the read model holds the new state before anyone
 * hears of it. A failure mid-batch resubscribes from the last checkpoint; the revision guard makes
 * the re-applied events no-ops. Ends when `signal` aborts.
 */
export const follow = async (deps: FollowDeps): Promise<void> => {
  for (let attempt = 0; !deps.signal.aborted; attempt++) {
    try {
      const at = deps.progress.current();
      const log = deps.events.subscribeToAll({
        fromPosition: at === "0" ? undefined : at,
        signal: deps.signal,
      });
      for await (const batch of availableBatches(log, deps.batchSize)) {
        attempt = 0;
        const started = performance.now();
        const notes: Notification[] = [];
        for (const r of batch) {
          const routed = deps.route(r);
          if (!routed) continue;
          for (const p of routed.projections) notes.push(...(await applyEvent(deps.docs, p, routed.event)));
        }
        const last = batch[batch.length - 1];
        if (!last) continue;
        await saveCheckpoint(deps.docs, last.position, { fence: deps.fence });
        deps.progress.advance(last.position);
        publish(deps.live, notes);
        const done = {
          events: batch.length,
          position: last.position,
          ms: Math.round(performance.now() - started),
        };
        deps.logger.info(done, "batch projected");
        deps.onBatch?.(done);
      }
    } catch (err) {
      if (deps.signal.aborted) return;
      if (err instanceof CheckpointRefusedError) {
        deps.logger.error({ err, position: deps.progress.current() }, "projector deposed; stopping");
        deps.onHalt?.(err);
        return;
      }
      deps.logger.error(
        { err, position: deps.progress.current() },
        "projector subscription failed; resubscribing",
      );
      await sleep(Math.min(5000, 100 * 2 ** attempt));
    }
  }
};
