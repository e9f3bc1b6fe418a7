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

/** `projector_lag_events`: events appended but not yet projected (0 while nothing projects here). */
export const gaugeProjectorLag = (
  metrics: Metrics,
  events: EventStore,
  projected: () => string | null,
): void =>
  metrics.gauge("projector_lag_events", "Events appended but not yet projected", async () => {
    const position = projected();
    return position === null ? 0 : positionsBehind(await events.headPosition(), position);
  });
