import type { EventStore } from "../ports/eventStore.ts";
import type { Job, JobHandler, JobQueue } from "../ports/jobs.ts";
import type { Metrics } from "./metrics.ts";

/** The category of `<category>-<id>`: a bounded label, unlike the stream name itself. */
const categoryOf = (stream: string) => stream.split("-", 1)[0] ?? stream;

/** The event store port, counting appended events (command-api, and the seed in standalone). */
export function countAppends(events: EventStore, metrics: Metrics): EventStore {
  return {
    async appendToStream(stream, newEvents, opts) {
      const result = await events.appendToStream(stream, newEvents, opts);
      metrics.eventsAppended.inc({ stream: categoryOf(stream) }, newEvents.length);
      return result;
    },
    readStream: (stream, opts) => events.readStream(stream, opts),
    subscribeToAll: (opts) => events.subscribeToAll(opts),
    // A rebuild reads pages when the store can (without, it replays through the subscription).
    ...(events.readPages && { readPages: events.readPages.bind(events) }),
    headPosition: () => events.headPosition(),
    close: () => events.close(),
  };
}

/**
 * The job queue port, timing and counting every job its handlers run. Wrapping the port rather
 * than each adapter gives BullMQ and the in-process queue the same metrics.
 */
export function timeJobs(jobs: JobQueue, metrics: Metrics): JobQueue {
  return {
    add: (queue, name, data, opts) => jobs.add(queue, name, data, opts),
    waitUntilFinished: (queue, jobId, timeoutMs) => jobs.waitUntilFinished(queue, jobId, timeoutMs),
    process<T, R>(queue: string, handler: JobHandler<T, R>, opts?: { concurrency?: number }) {
      jobs.process<T, R>(
        queue,
        async (job: Job<T>) => {
          const stop = metrics.jobDuration.startTimer({ queue, name: job.name });
          try {
            const result = await handler(job);
            stop({ outcome: "completed" });
            metrics.jobs.inc({ queue, name: job.name, outcome: "completed" });
            return result;
          } catch (error) {
            stop({ outcome: "failed" });
            metrics.jobs.inc({ queue, name: job.name, outcome: "failed" });
            throw error;
          }
        },
        opts,
      );
    },
    close: () => jobs.close(),
  };
}
