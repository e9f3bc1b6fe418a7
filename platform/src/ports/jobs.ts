/**
 * The job queue port (BullMQ in production, in-process embedded), one contract:
 * - `add` enqueues; a `jobId` already present in the queue (waiting, active, or kept after
 *   completion) is not added again (BullMQ's dedup by id).
 * - A handler that throws is retried up to `attempts` with exponential backoff from `backoffMs`;
 *   after the last failure the job is failed (kept unless `removeOnFail`).
 * - `waitUntilFinished` resolves with the handler's return value, or rejects with the last error
 *   when the job failed, or a timeout error.
 * - Waiting jobs run by `priority` (none first), each priority in the order added.
 * - `close` stops taking new jobs, waits for active ones, then closes.
 */
export interface JobOptions {
  jobId?: string;
  attempts?: number;
  backoffMs?: number;
  removeOnComplete?: boolean;
  removeOnFail?: boolean;
  /**
   * BullMQ's priority: a whole number from 1 (first) to 2,097,151 (last); 0 is none. A waiting job without
   * one runs before any job with one; jobs of one priority run in the order added.
   */
  priority?: number;
}

export interface Job<T = unknown> {
  id: string;
  name: string;
  data: T;
  /** How many attempts already failed before this one. */
  attemptsMade: number;
}

export type JobHandler<T = unknown, R = unknown> = (job: Job<T>) => Promise<R>;

export interface ProcessOptions {
  concurrency?: number;
  /**
   * How long a worker may go silent on a job before the job counts as stalled and another worker
   * takes it over (BullMQ's lock; a crashed worker's jobs come back after this). Suit it to the
   * job: short for mail, long enough for the slowest image. Ignored in-process.
   */
  lockDurationMs?: number;
}

export interface JobQueue {
  add<T>(queue: string, name: string, data: T, opts?: JobOptions): Promise<{ id: string }>;
  waitUntilFinished<R = unknown>(queue: string, jobId: string, timeoutMs: number): Promise<R>;
  process<T, R>(queue: string, handler: JobHandler<T, R>, opts?: ProcessOptions): void;
  close(): Promise<void>;
}
