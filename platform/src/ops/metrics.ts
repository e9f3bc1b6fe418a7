import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

/**
 * The Prometheus metrics of one service. Each service (and each shop a test starts) has its own
 * registry rather than prom-client's global one, so several services in one process never clash
 * on metric names. Every metric exists on every service; the ones a process does not use stay 0.
 */
export interface Metrics {
  registry: Registry;
  httpDuration: Histogram<"method" | "route" | "status">;
  eventsAppended: Counter<"stream">;
  projectorBatches: Counter;
  projectorEvents: Counter;
  projectorBatchDuration: Histogram;
  jobs: Counter<"queue" | "name" | "outcome">;
  jobDuration: Histogram<"queue" | "name" | "outcome">;
  /** Live notifications Redis refused, by outcome: `kept` for a retry when it returns, or `dropped`. */
  livePublishFailures: Counter<"outcome">;
  /** Connections closed on arrival: their client address already held the most allowed (connectionCap.ts). */
  connectionsRefused: Counter;
  /** Adds a gauge read at scrape time (projector lag, socket connections). */
  gauge(name: string, help: string, read: () => number | Promise<number>): void;
}

export interface MetricsOptions {
  service: string;
  /** Node's process metrics (heap, event-loop lag, …); once per process, not per test shop. */
  processMetrics?: boolean;
}

export function createMetrics(options: MetricsOptions): Metrics {
  const registry = new Registry();
  registry.setDefaultLabels({ service: options.service });
  if (options.processMetrics) collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const durations = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
  return {
    registry,
    httpDuration: new Histogram({
      name: "http_request_duration_seconds",
      help: "HTTP request latency by route template and status",
      labelNames: ["method", "route", "status"],
      buckets: durations,
      registers,
    }),
    eventsAppended: new Counter({
      name: "events_appended_total",
      help: "Events appended to the event store, by stream category",
      labelNames: ["stream"],
      registers,
    }),
    projectorBatches: new Counter({
      name: "projector_batches_total",
      help: "Batches the projector applied and checkpointed",
      registers,
    }),
    projectorEvents: new Counter({
      name: "projector_events_total",
      help: "Events the projector applied",
      registers,
    }),
    projectorBatchDuration: new Histogram({
      name: "projector_batch_duration_seconds",
      help: "Time to apply and checkpoint one batch",
      buckets: durations,
      registers,
    }),
    jobs: new Counter({
      name: "jobs_total",
      help: "Jobs run, by queue, job name and outcome (completed, failed)",
      labelNames: ["queue", "name", "outcome"],
      registers,
    }),
    jobDuration: new Histogram({
      name: "job_duration_seconds",
      help: "Job handler duration",
      labelNames: ["queue", "name", "outcome"],
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    }),
    connectionsRefused: new Counter({
      name: "connections_refused_total",
      help: "Connections closed on arrival because their client address already held the most allowed",
      registers,
    }),
    livePublishFailures: new Counter({
      name: "live_publish_failures_total",
      help: "Live notifications Redis refused or no socket server heard: kept for a retry, or dropped (buffer full)",
      labelNames: ["outcome"],
      registers,
    }),
    gauge(name, help, read) {
      new Gauge({
        name,
        help,
        registers,
        async collect() {
          try {
            this.set(await read());
          } catch {
            // A store that does not answer leaves the gauge at its last value; /readyz reports the outage.
          }
        },
      });
    },
  };
}
