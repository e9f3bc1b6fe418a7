import { randomUUID } from "node:crypto";
import type { EventEmitter } from "node:events";
import { Job as BullJob, Queue, QueueEvents, Worker } from "bullmq";
import { Redis } from "ioredis";
import { StoreUnavailableError } from "../ports/eventStore.ts";
import type { JobHandler, JobOptions, JobQueue, ProcessOptions } from "../ports/jobs.ts";
import { REQUEST_PATH_REDIS_OPTIONS, readyWithin, withinDeadline } from "../redis/requestPath.ts";
import type { JobLogger } from "./inProcessJobQueue.ts";
import { checkPriority } from "./priority.ts";

export interface BullmqJobQueueOptions {
  /** Redis URL, e.g. `redis://redis:6379`. */
  connection: string;
  /** BullMQ key prefix; defaults to `bull`. */
  prefix?: string;
  logger?: JobLogger;
  /** How many recent queue events `waitUntilFinished` searches for a job already removed. */
  eventScanCount?: number;
}

// BullMQ refuses custom ids that contain `:` or look like integers; the port accepts any string.
// `%` and `:` are escaped, and an integer-looking id gets a `%N` marker (never produced otherwise).
function toBullId(id: string): string {
  const escaped = id.replace(/[%:]/g, (c) => (c === "%" ? "%25" : "%3A"));
  return `${Number.parseInt(escaped, 10)}` === escaped ? `%N${escaped}` : escaped;
}

function fromBullId(id: string): string {
  const body = id.startsWith("%N") ? id.slice(2) : id;
  return body.replace(/%(25|3A)/g, (_, c: string) => (c === "25" ? "%" : ":"));
}

interface Waiter {
  settle(outcome: { ok: true; value: unknown } | { ok: false; error: Error }): void;
}

/** Fields of an XRANGE entry (`[k1, v1, k2, v2, …]`) as an object. */
function fieldsOf(flat: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i + 1 < flat.length; i += 2) out[flat[i]!] = flat[i + 1]!;
  return out;
}

/** The longest a request waits on an enqueue before it is answered 503. */
const ADD_DEADLINE_MS = 1000;

/** The first wait on a queue's results sets up its event reader once, on a connection of its own. */
const EVENTS_READY_MS = 2000;

/**
 * While a request waits on a job's result, Redis is pinged this often. The wait listens on queue
 * events, whose connection retries forever, so without it a wait outlived an outage by up to its
 * whole timeout (an upload by 30 s). A ping has the request-path `commandTimeout` (750 ms), so a
 * Redis that stops answering (frozen, partitioned) ends the waits within about a second.
 */
const WAIT_PING_MS = 250;

/**
 * How long `close` waits on BullMQ's closes. A blocking connection caught between reconnects
 * (Redis away, or back less than a retry ago) never ends: ioredis' `disconnect()` then cancels
 * the reconnect but emits no 'end', which BullMQ waits for. Nothing is left running after the
 * cancel, so `close` goes on once the time is up; the workers get longer to finish active jobs.
 */
const WORKERS_CLOSE_MS = 3000;
const CONNECTIONS_CLOSE_MS = 1000;

/** The production job queue on BullMQ (ports/jobs.ts). */
export function createBullmqJobQueue(options: BullmqJobQueueOptions): JobQueue {
  const prefix = options.prefix ?? "bull";
  const log = options.logger;
  const scanCount = options.eventScanCount ?? 2000;
  // A request waits on `add` (an upload, a delivery OTP): the producer side fails fast while Redis
  // is away (a 503), and `add` is bounded in time even before the queue's first connection.
  // Workers and queue events block on Redis and retry forever (BullMQ requires
  // maxRetriesPerRequest: null on them), so they keep BullMQ's own options.
  const producerConnection = { url: options.connection, ...REQUEST_PATH_REDIS_OPTIONS };
  // BullMQ's own reconnect backoff grows to 20 s, so after a long outage the workers would come
  // back up to 20 s after Redis; capped at 2 s here.
  const blockingConnection = {
    url: options.connection,
    maxRetriesPerRequest: null,
    retryStrategy: (times: number) => Math.min(200 * times, 2000),
  };
  const redis = new Redis(options.connection, REQUEST_PATH_REDIS_OPTIONS);
  redis.on("error", (err) => log?.error({ err: err.message }, "job queue Redis connection error"));
  // The client refuses commands until its first connection is up (no offline queue), so a read
  // made right after the queue was created waits for it, at most as long as an enqueue would.
  const read = async () => {
    await readyWithin(redis, ADD_DEADLINE_MS);
    return redis;
  };
  const queues = new Map<string, Queue>();
  const events = new Map<string, Promise<QueueEvents>>();
  const workers = new Map<string, Worker>();
  const waiters = new Set<Waiter>();
  let closed = false;

  /** Every wait in progress ends as an outage (503 for a request), whatever its own timeout. */
  const failWaiters = (reason: string) => {
    for (const waiter of [...waiters])
      waiter.settle({
        ok: false,
        error: new StoreUnavailableError(`job queue (Redis) unavailable: ${reason}`),
      });
  };
  // Redis went away (killed, restarted, a closed connection): the waits end at once.
  redis.on("close", () => failWaiters("connection closed"));
  let watchdog: NodeJS.Timeout | undefined;
  /** Pings Redis while anyone waits; a ping that fails or goes unanswered ends every wait. */
  const watchWaiters = () => {
    if (watchdog) return;
    watchdog = setInterval(() => {
      if (waiters.size === 0) {
        clearInterval(watchdog);
        watchdog = undefined;
        return;
      }
      withinDeadline("job queue (Redis)", redis.ping(), ADD_DEADLINE_MS).catch((err: unknown) =>
        failWaiters(err instanceof Error ? err.message : String(err)),
      );
    }, WAIT_PING_MS);
    watchdog.unref();
  };

  const closeWithin = async (what: string, ms: number, closes: Promise<unknown>[]) => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<"late">((resolve) => {
      timer = setTimeout(() => resolve("late"), ms);
    });
    const outcome = await Promise.race([Promise.allSettled(closes), late]);
    clearTimeout(timer);
    if (outcome === "late") log?.warn({ what, ms }, "job queue close did not finish, going on");
  };

  const onError = (component: string, queue: string) => (err: Error) =>
    log?.error({ queue, component, err }, "job queue connection error");

  function queueFor(name: string): Queue {
    let queue = queues.get(name);
    if (!queue) {
      const created = new Queue(name, { connection: producerConnection, prefix });
      created.on("error", onError("queue", name));
      queues.set(name, created);
      // A queue whose first connection fails (Redis went away while it was being set up) keeps
      // that failure for good: every later add would reject with it. Drop it; the next add makes
      // a new one.
      created.waitUntilReady().catch(() => {
        if (queues.get(name) === created) queues.delete(name);
        void created.close().catch(() => {});
      });
      queue = created;
    }
    return queue;
  }

  /**
   * Queue events that start reading at the stream's current tail, so no event after this call
   * is missed however late BullMQ issues its first XREAD (its default `$` would drop them).
   */
  function eventsFor(name: string): Promise<QueueEvents> {
    let pending = events.get(name);
    if (!pending) {
      pending = (async () => {
        const [tail] = await (await read()).xrevrange(queueFor(name).toKey("events"), "+", "-", "COUNT", 1);
        const queueEvents = new QueueEvents(name, {
          connection: blockingConnection,
          prefix,
          lastEventId: tail?.[0] ?? "0-0",
        });
        queueEvents.on("error", onError("events", name));
        // Its connection retries forever: a Redis gone between the read above and here would hold
        // the request until Redis returned. Given up on in time, it is closed (the next wait makes
        // a new one).
        try {
          await withinDeadline("job queue (Redis)", queueEvents.waitUntilReady(), EVENTS_READY_MS);
        } catch (err) {
          void queueEvents.close().catch(() => {});
          throw err;
        }
        return queueEvents;
      })();
      events.set(name, pending);
      pending.catch(() => events.delete(name));
    }
    return pending;
  }

  /** The last finish event of a job that is no longer stored (removeOnComplete/removeOnFail). */
  async function finishedEvent(name: string, bullId: string) {
    const entries = await (await read()).xrevrange(
      queueFor(name).toKey("events"),
      "+",
      "-",
      "COUNT",
      scanCount,
    );
    for (const [, flat] of entries) {
      const fields = fieldsOf(flat);
      if (fields.jobId !== bullId) continue;
      if (fields.event === "completed")
        return { ok: true as const, value: JSON.parse(fields.returnvalue ?? "null") as unknown };
      if (fields.event === "failed") return { ok: false as const, error: new Error(fields.failedReason) };
    }
    return null;
  }

  async function waitUntilFinished<R>(name: string, jobId: string, timeoutMs: number): Promise<R> {
    if (closed) throw new Error("job queue is closed");
    const bullId = toBullId(jobId);
    // Per-job events (`completed:<id>`) are emitted but not in QueueEvents' typed listener map.
    const queueEvents: EventEmitter = await eventsFor(name);
    return new Promise<R>((resolve, reject) => {
      const onCompleted = ({ returnvalue }: { returnvalue: unknown }) =>
        waiter.settle({ ok: true, value: returnvalue });
      const onFailed = ({ failedReason }: { failedReason: string }) =>
        waiter.settle({ ok: false, error: new Error(failedReason) });
      const timer = setTimeout(
        () =>
          waiter.settle({
            ok: false,
            error: new Error(`job ${jobId} in queue ${name} did not finish within ${timeoutMs} ms`),
          }),
        timeoutMs,
      );
      const waiter: Waiter = {
        settle(outcome) {
          if (!waiters.delete(waiter)) return;
          clearTimeout(timer);
          queueEvents.off(`completed:${bullId}`, onCompleted);
          queueEvents.off(`failed:${bullId}`, onFailed);
          if (outcome.ok) resolve(outcome.value as R);
          else reject(outcome.error);
        },
      };
      waiters.add(waiter);
      watchWaiters();
      queueEvents.on(`completed:${bullId}`, onCompleted);
      queueEvents.on(`failed:${bullId}`, onFailed);
      // The job may have finished before the listeners were in place: look at it now. A job
      // read as unfinished here finishes later, and that event reaches the listeners above.
      void (async () => {
        const job = await BullJob.fromId(queueFor(name), bullId);
        if (job?.finishedOn) {
          const state = await job.getState();
          if (state === "completed") return waiter.settle({ ok: true, value: job.returnvalue });
          if (state === "failed") return waiter.settle({ ok: false, error: new Error(job.failedReason) });
        }
        if (job && (await job.getState()) !== "unknown") return;
        const event = await finishedEvent(name, bullId);
        waiter.settle(event ?? { ok: false, error: new Error(`job ${jobId} not found in queue ${name}`) });
      })().catch((error: unknown) =>
        waiter.settle({ ok: false, error: error instanceof Error ? error : new Error(String(error)) }),
      );
    });
  }

  return {
    async add(queue, name, data, opts: JobOptions = {}) {
      if (closed) throw new Error("job queue is closed");
      checkPriority(opts.priority);
      const id = opts.jobId ?? randomUUID();
      await withinDeadline(
        "job queue (Redis)",
        queueFor(queue).add(name, data, {
          jobId: toBullId(id),
          attempts: Math.max(1, opts.attempts ?? 1),
          ...(opts.backoffMs ? { backoff: { type: "exponential", delay: opts.backoffMs } } : {}),
          removeOnComplete: opts.removeOnComplete ?? false,
          removeOnFail: opts.removeOnFail ?? false,
          ...(opts.priority !== undefined && { priority: opts.priority }),
        }),
        ADD_DEADLINE_MS,
      );
      return { id };
    },

    waitUntilFinished,

    process<T, R>(queue: string, handler: JobHandler<T, R>, opts: ProcessOptions = {}) {
      if (closed) throw new Error("job queue is closed");
      if (workers.has(queue)) throw new Error(`queue ${queue} already has a handler`);
      const worker = new Worker<T, R>(
        queue,
        (job) =>
          handler({
            id: fromBullId(job.id ?? ""),
            name: job.name,
            data: job.data,
            attemptsMade: job.attemptsMade,
          }),
        {
          connection: blockingConnection,
          prefix,
          concurrency: Math.max(1, opts.concurrency ?? 1),
          ...(opts.lockDurationMs && {
            lockDuration: opts.lockDurationMs,
            stalledInterval: opts.lockDurationMs,
          }),
        },
      );
      worker.on("error", onError("worker", queue));
      worker.on("completed", (job) => {
        const ms = (job.finishedOn ?? Date.now()) - (job.processedOn ?? Date.now());
        log?.info({ queue, job: job.name, jobId: fromBullId(job.id ?? ""), ms }, "job done");
      });
      worker.on("failed", (job, err) => {
        if (!job) return;
        const fields = {
          queue,
          job: job.name,
          jobId: fromBullId(job.id ?? ""),
          attemptsMade: job.attemptsMade,
          err,
        };
        if (job.attemptsMade < (job.opts.attempts ?? 1)) log?.warn(fields, "job failed, will retry");
        else log?.error(fields, "job failed");
      });
      workers.set(queue, worker);
    },

    async close() {
      if (closed) return;
      closed = true;
      clearInterval(watchdog);
      watchdog = undefined;
      // Workers first: they stop taking jobs and finish the active ones.
      await closeWithin(
        "workers",
        WORKERS_CLOSE_MS,
        [...workers.values()].map((w) => w.close()),
      );
      for (const waiter of [...waiters]) waiter.settle({ ok: false, error: new Error("job queue closed") });
      const queueEvents = await Promise.allSettled([...events.values()]);
      await closeWithin(
        "queue events",
        CONNECTIONS_CLOSE_MS,
        queueEvents.flatMap((r) => (r.status === "fulfilled" ? [r.value.close()] : [])),
      );
      await closeWithin(
        "queues",
        CONNECTIONS_CLOSE_MS,
        [...queues.values()].map((q) => q.close()),
      );
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
