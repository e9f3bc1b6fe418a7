import { randomUUID } from "node:crypto";
import type { Logger } from "pino";
import type { Job, JobHandler, JobOptions, JobQueue, ProcessOptions } from "../ports/jobs.ts";
import { checkPriority } from "./priority.ts";

export type JobLogger = Pick<Logger, "info" | "warn" | "error">;

export interface InProcessJobQueueOptions {
  logger?: JobLogger;
}

type State = "waiting" | "active" | "delayed" | "completed" | "failed";

interface Waiter {
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

interface JobRecord {
  job: Job;
  queue: string;
  opts: JobOptions;
  state: State;
  result?: unknown;
  error?: unknown;
  waiters: Set<Waiter>;
}

interface QueueState {
  handler?: JobHandler;
  concurrency: number;
  active: number;
  waiting: JobRecord[];
}

// Data and results cross a JSON boundary in BullMQ; doing the same here keeps a handler that
// works embedded from depending on shared objects or Dates that production would not give it.
const viaJson = (value: unknown): unknown =>
  value === undefined ? undefined : JSON.parse(JSON.stringify(value));

/** The embedded job queue: BullMQ's contract (ports/jobs.ts) with everything held in memory. */
export function createInProcessJobQueue(options: InProcessJobQueueOptions = {}): JobQueue {
  const log = options.logger;
  const queues = new Map<string, QueueState>();
  const jobs = new Map<string, JobRecord>();
  const running = new Set<Promise<void>>();
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;

  const key = (queue: string, id: string) => `${queue}\u0000${id}`;
  const queueState = (name: string): QueueState => {
    let state = queues.get(name);
    if (!state) {
      state = { concurrency: 1, active: 0, waiting: [] };
      queues.set(name, state);
    }
    return state;
  };

  /** BullMQ's order: a job without a priority first, then the lowest number; the same in the order added. */
  const rank = (record: JobRecord) => record.opts.priority ?? 0;
  function enqueue(state: QueueState, record: JobRecord): void {
    const { waiting } = state;
    let at = waiting.length;
    while (at > 0 && rank(waiting[at - 1]!) > rank(record)) at -= 1;
    waiting.splice(at, 0, record);
  }

  function settle(record: JobRecord): void {
    for (const waiter of record.waiters) {
      if (record.state === "completed") waiter.resolve(record.result);
      else waiter.reject(record.error);
    }
    record.waiters.clear();
    const remove = record.state === "completed" ? record.opts.removeOnComplete : record.opts.removeOnFail;
    if (remove) jobs.delete(key(record.queue, record.job.id));
  }

  // Started from a macrotask so that a caller can still register waitUntilFinished after add().
  function schedule(queue: string): void {
    setImmediate(() => pump(queue));
  }

  function pump(queue: string): void {
    const state = queueState(queue);
    while (!closed && state.handler && state.active < state.concurrency && state.waiting.length > 0) {
      const record = state.waiting.shift()!;
      const run = execute(state, state.handler, record);
      running.add(run);
      void run.finally(() => running.delete(run));
    }
  }

  async function execute(state: QueueState, handler: JobHandler, record: JobRecord): Promise<void> {
    record.state = "active";
    state.active += 1;
    const started = performance.now();
    const { id, name } = record.job;
    try {
      record.result = viaJson(await handler({ ...record.job }));
      record.state = "completed";
      log?.info(
        { queue: record.queue, job: name, jobId: id, ms: Math.round(performance.now() - started) },
        "job done",
      );
      settle(record);
    } catch (error) {
      record.job.attemptsMade += 1;
      const attempts = record.opts.attempts ?? 1;
      const retry = !closed && record.job.attemptsMade < attempts;
      const fields = {
        queue: record.queue,
        job: name,
        jobId: id,
        attemptsMade: record.job.attemptsMade,
        err: error,
      };
      if (retry) {
        const delay = (record.opts.backoffMs ?? 0) * 2 ** (record.job.attemptsMade - 1);
        record.state = "delayed";
        log?.warn({ ...fields, retryInMs: delay }, "job failed, will retry");
        const timer = setTimeout(() => {
          timers.delete(timer);
          record.state = "waiting";
          enqueue(state, record);
          pump(record.queue);
        }, delay);
        timers.add(timer);
      } else {
        record.state = "failed";
        record.error = error;
        log?.error(fields, "job failed");
        settle(record);
      }
    } finally {
      state.active -= 1;
      schedule(record.queue);
    }
  }

  return {
    async add(queue, name, data, opts = {}) {
      if (closed) throw new Error("job queue is closed");
      checkPriority(opts.priority);
      const id = opts.jobId ?? randomUUID();
      if (jobs.has(key(queue, id))) return { id };
      const record: JobRecord = {
        job: { id, name, data: viaJson(data), attemptsMade: 0 },
        queue,
        opts,
        state: "waiting",
        waiters: new Set(),
      };
      jobs.set(key(queue, id), record);
      enqueue(queueState(queue), record);
      schedule(queue);
      return { id };
    },

    waitUntilFinished<R>(queue: string, jobId: string, timeoutMs: number): Promise<R> {
      const record = jobs.get(key(queue, jobId));
      if (!record) return Promise.reject(new Error(`job ${jobId} not found in queue ${queue}`));
      if (record.state === "completed") return Promise.resolve(record.result as R);
      if (record.state === "failed") return Promise.reject(record.error);
      return new Promise<R>((resolve, reject) => {
        const waiter: Waiter = {
          resolve: (value) => {
            clearTimeout(timer);
            resolve(value as R);
          },
          reject: (error) => {
            clearTimeout(timer);
            reject(error);
          },
        };
        const timer = setTimeout(() => {
          record.waiters.delete(waiter);
          reject(new Error(`job ${jobId} in queue ${queue} did not finish within ${timeoutMs} ms`));
        }, timeoutMs);
        record.waiters.add(waiter);
      });
    },

    process<T, R>(queue: string, handler: JobHandler<T, R>, opts: ProcessOptions = {}) {
      const state = queueState(queue);
      if (state.handler) throw new Error(`queue ${queue} already has a handler`);
      state.handler = handler as JobHandler;
      state.concurrency = Math.max(1, opts.concurrency ?? 1);
      schedule(queue);
    },

    async close() {
      if (closed) return;
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.allSettled([...running]);
      // Jobs never started are lost with the process, as in-memory jobs are; do not leave waiters hanging.
      for (const record of jobs.values()) {
        if (record.state === "completed" || record.state === "failed") continue;
        record.state = "failed";
        record.error = new Error("job queue closed before the job ran");
        settle(record);
      }
    },
  };
}
