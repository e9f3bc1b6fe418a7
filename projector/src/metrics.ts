import { positionsBehind } from "@shop/contracts";
import type { EventStore, Metrics } from "@shop/platform";

/** createProjector's `onBatch` that counts batches and events and times each batch. */
export const recordBatches =
  (metrics: Metrics) =>
  (batch: { events: number; ms: number }): void => {
    metrics.projectorBatches.inc();
    metrics.projectorEvents.inc(batch.events);
    metrics.projectorBatchDuration.observe(batch.ms / 1000);
  };

/**
 * `projector_lag_positions`: how far the last projected event is behind the log's head, in log
 * positions (0 while nothing projects here). On SQLite a position is one event; on EventStoreDB it
 * is a byte offset in the transaction log, so it is not a count of events: alert on it staying
 * above 0, not on its size.
 */
export const gaugeProjectorLag = (
  metrics: Metrics,
  events: EventStore,
  projected: () => string | null,
): void =>
  metrics.gauge(
    "projector_lag_positions",
    "Log positions between the head and the last projected event (events on SQLite, bytes on EventStoreDB)",
    async () => {
      const position = projected();
      return position === null ? 0 : positionsBehind(await events.headPosition(), position);
    },
  );
