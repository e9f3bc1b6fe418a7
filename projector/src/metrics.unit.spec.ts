import { createMetrics, type EventStore } from "@shop/platform";
import { describe, expect, it } from "vitest";
import { gaugeProjectorLag, recordBatches } from "./metrics.ts";

const metricValue = async (metrics: ReturnType<typeof createMetrics>, name: string) =>
  (await metrics.registry.getSingleMetric(name)?.get())?.values[0]?.value;

describe("projector metrics", () => {
  it("reports how many appended events are not projected yet, and 0 where nothing projects", async () => {
    const metrics = createMetrics({ service: "test" });
    const events = { headPosition: async () => "10" } as EventStore;
    let projected: string | null = "7";
    gaugeProjectorLag(metrics, events, () => projected);
    expect(await metricValue(metrics, "projector_lag_positions")).toBe(3);
    projected = null;
    expect(await metricValue(metrics, "projector_lag_positions")).toBe(0);
  });

  it("counts batches and their events", async () => {
    const metrics = createMetrics({ service: "test" });
    const onBatch = recordBatches(metrics);
    onBatch({ events: 5, ms: 12 });
    onBatch({ events: 2, ms: 3 });
    expect(await metricValue(metrics, "projector_batches_total")).toBe(2);
    expect(await metricValue(metrics, "projector_events_total")).toBe(7);
  });
});
