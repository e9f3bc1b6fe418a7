import { setTimeout as sleep } from "node:timers/promises";
import { MailJobs, Queues } from "@shop/contracts";
import type { EventStore, JobQueue, NamedCheckpoint } from "@shop/platform";
import type { Logger } from "pino";
import { MAILED_TYPES, statusMailJobOf } from "./statusMailJob.ts";

export interface StatusMailsDeps {
  events: EventStore;
  jobs: JobQueue;
  /** Where the subscription resumes; it must outlive the process (see `openNamedCheckpoint`). */
  checkpoint: NamedCheckpoint;
  logger: Logger;
  signal: AbortSignal;
  /** Most events passed over between two checkpoint writes when none of them mails (default 200). */
  saveEvery?: number;
  /** Called with each mail queued (tests, metrics). */
  onQueued?: (eventId: string) => void;
}

/** The job id of an event's status mail: the same event never queues two mails. */
export const statusMailJobId = (eventId: string) => `status-${eventId}`;

/**
 * Status mails driven from the event log, not from the command: a subscription with its own
 * checkpoint queues one mail per OrderStatusChanged / OrderDelivered (job id from the event id, so
 * a redelivery queues nothing new). The checkpoint moves only past events whose mail is queued:
 * while the queue (Redis) is away it waits and retries, so no status change in the log goes
 * unmailed. A first start (no checkpoint) begins at the log's end: the past was mailed already
 * (or never will be), and re-sending every old mail at a deployment would be worse.
 */
export async function followStatusMails(deps: StatusMailsDeps): Promise<void> {
  const saveEvery = deps.saveEvery ?? 200;
  let position = await deps.checkpoint.load();
  if (position === null) {
    position = await deps.events.headPosition();
    await deps.checkpoint.save(position);
    deps.logger.info({ position }, "status mails: first start, from the end of the log");
  }
  let saved = position;
  let unsaved = 0;
  const save = async () => {
    if (position !== null && position !== saved) {
      await deps.checkpoint.save(position);
      saved = position;
      unsaved = 0;
    }
  };
  for (let attempt = 0; !deps.signal.aborted; attempt++) {
    try {
      const log = deps.events.subscribeToAll({
        ...(position !== "0" && { fromPosition: position }),
        signal: deps.signal,
      });
      for await (const event of log) {
        if (MAILED_TYPES.has(event.type)) {
          const job = statusMailJobOf(event, await deps.events.readStream(event.streamName));
          if (job) {
            await deps.jobs.add(Queues.mail, MailJobs.orderStatus, job, {
              jobId: statusMailJobId(event.id),
              attempts: 5,
              backoffMs: 1000,
              removeOnComplete: true,
            });
            deps.onQueued?.(event.id);
          }
          position = event.position;
          await save();
        } else {
          position = event.position;
          if (++unsaved >= saveEvery) await save();
        }
        attempt = 0;
      }
    } catch (err) {
      if (deps.signal.aborted) break;
      deps.logger.warn(
        { err: err instanceof Error ? err.message : String(err), position },
        "status mails: cannot queue; retrying from the last queued mail",
      );
      await sleep(Math.min(5000, 200 * 2 ** attempt), undefined, { signal: deps.signal }).catch(() => {});
    }
  }
  await save().catch(() => {});
}
