import { setTimeout as sleep } from "node:timers/promises";
import { comparePositions, MailJobs, Queues, STATUS_MAIL_PRIORITY } from "@shop/contracts";
import type { EventStore, JobQueue, NamedCheckpoint } from "@shop/platform";
import type { Logger } from "pino";
import { MAILED_TYPES, type OrderMailFacts, orderMailFactsOf, statusMailJobFrom } from "./statusMailJob.ts";

export interface StatusMailsDeps {
  events: EventStore;
  jobs: JobQueue;
  /** Where the subscription resumes; it must outlive the process (see `openNamedCheckpoint`). */
  checkpoint: NamedCheckpoint;
  logger: Logger;
  signal: AbortSignal;
  /** Most events passed over between two checkpoint writes when none of them mails (default 200). */
  saveEvery?: number;
  /**
   * A queued mail's checkpoint is written this long after it at most (default 100 ms), once for
   * every mail queued meanwhile, rather than once per mail on the event loop.
   */
  saveAfterMs?: number;
  /** Called with each mail queued (tests, metrics). */
  onQueued?: (eventId: string) => void;
  /**
   * How late the subscription may hear of an append (default 50 ms): the embedded log then reads
   * the appends of that span at once, not once per commit (`SubscribeOptions.lagMs`).
   */
  lagMs?: number;
  /** The first retry's delay of a mail that failed to send, doubled each time (default 1 s). */
  retryBaseMs?: number;
  /**
   * The queue forgets its jobs when the process stops (the embedded, in-process one): the
   * checkpoint then moves past a mail only once it is sent (or has used up its tries), so a mail
   * waiting for a retry at a stop or a crash is queued again at the next start. A mail sent after
   * the oldest one still waiting may then go out twice; none is lost.
   */
  forgetsJobs?: boolean;
}

/** Longer than a status mail's tries take (~34 min): how long a mail is watched until done. */
const MAIL_DONE_WITHIN_MS = 45 * 60 * 1000;

/**
 * Tries per status mail: with the first retry after 1 s, doubled each time, the last of twelve
 * comes ~34 min after the first try, so a mail server or outbox disk away for half an hour
 * delays a status mail instead of losing it (five tries gave up after 15 s). The message id is
 * the event's, so a retry after a send that went out is not a second mail.
 */
export const STATUS_MAIL_ATTEMPTS = 12;

const MAILED_EVENT_TYPES = [...MAILED_TYPES];

/** Orders whose mail facts are kept, the most recently mailed (an order's changes come close together). */
const FACTS_KEPT = 1000;

/** The job id of an event's status mail: the same event never queues two mails. */
export const statusMailJobId = (eventId: string) => `status-${eventId}`;

/**
 * Status mails driven from the event log, not from the command: a subscription with its own
 * checkpoint queues one mail per OrderStatusChanged / OrderDelivered (job id from the event id, so
 * a redelivery queues nothing new), from the order's facts read once from its OrderPlaced. The
 * checkpoint moves only past events whose mail is queued, saved at most `saveAfterMs` later:
 * while the queue (Redis) is away it waits and retries, so no status change in the log goes
 * unmailed. A first start (no checkpoint) begins at the log's end: the past was mailed already
 * (or never will be), and re-sending every old mail at a deployment would be worse.
 */
export async function followStatusMails(deps: StatusMailsDeps): Promise<void> {
  const saveEvery = deps.saveEvery ?? 200;
  const saveAfterMs = deps.saveAfterMs ?? 100;
  let position = await deps.checkpoint.load();
  if (position === null) {
    position = await deps.events.headPosition();
    await deps.checkpoint.save(position);
    deps.logger.info({ position }, "status mails: first start, from the end of the log");
  } else {
    // A checkpoint beyond the log's end (an older copy of the log restored beside it) would wait,
    // mailing nothing and saying nothing, until the log grew past it: from the end of the log.
    const head = await deps.events.headPosition();
    if (comparePositions(position, head) > 0) {
      deps.logger.warn(
        { checkpoint: position, head },
        "status mails: checkpoint beyond the log's end (a restored log?); following from the end of the log",
      );
      position = head;
      await deps.checkpoint.save(position);
    }
  }
  let saved = position;
  let unsaved = 0;
  /**
   * With `forgetsJobs`: the mails queued and not yet done, by job id, each with the position just
   * before its event (where a restart would hear it again); in the order queued, so the first is
   * the oldest.
   */
  const undone = new Map<string, string>();
  /** What the checkpoint may say now: the log's position, or just before the oldest mail not done. */
  const safePosition = (): string | null => {
    for (const before of undone.values()) return before;
    return position;
  };
  // One save at a time, in order: the checkpoint only moves forward. A failed save is logged;
  // the next one writes the position (a restart meanwhile queues those mails again, same job ids).
  let saving: Promise<void> = Promise.resolve();
  const save = () => {
    saving = saving
      .then(async () => {
        const at = safePosition();
        if (at === null || at === saved) return;
        await deps.checkpoint.save(at);
        saved = at;
      })
      .catch((err: unknown) =>
        deps.logger.warn(
          { err: err instanceof Error ? err.message : String(err) },
          "status mails: checkpoint not saved",
        ),
      );
    return saving;
  };
  let timer: NodeJS.Timeout | undefined;
  /** Saves the position soon: the mails queued meanwhile share the write. */
  const saveSoon = () => {
    unsaved = 0;
    timer ??= setTimeout(() => {
      timer = undefined;
      void save();
    }, saveAfterMs);
  };
  // An order's facts (its OrderPlaced) never change: read once, not the whole stream per mail.
  const facts = new Map<string, OrderMailFacts | null>();
  const factsOf = async (stream: string): Promise<OrderMailFacts | null> => {
    let known = facts.get(stream);
    if (known !== undefined) {
      facts.delete(stream);
    } else {
      const placed = (await deps.events.readStream(stream)).find((r) => r.type === "OrderPlaced");
      known = placed ? orderMailFactsOf(placed) : null;
      // Not kept while the stream has no OrderPlaced: a later read may find it.
      if (!known) return null;
    }
    facts.set(stream, known);
    if (facts.size > FACTS_KEPT) facts.delete(facts.keys().next().value as string);
    return known;
  };
  for (let attempt = 0; !deps.signal.aborted; attempt++) {
    try {
      const log = deps.events.subscribeToAll({
        ...(position !== "0" && { fromPosition: position }),
        signal: deps.signal,
        lagMs: deps.lagMs ?? 50,
        // The embedded log passes over the other events (carts, placements, …) without reading them out.
        eventTypes: MAILED_EVENT_TYPES,
      });
      for await (const event of log) {
        if (MAILED_TYPES.has(event.type)) {
          const order = await factsOf(event.streamName);
          const job = order && statusMailJobFrom(event, order);
          if (job) {
            const jobId = statusMailJobId(event.id);
            await deps.jobs.add(Queues.mail, MailJobs.orderStatus, job, {
              jobId,
              attempts: STATUS_MAIL_ATTEMPTS,
              backoffMs: deps.retryBaseMs ?? 1000,
              removeOnComplete: true,
              priority: STATUS_MAIL_PRIORITY,
            });
            deps.onQueued?.(event.id);
            if (deps.forgetsJobs && position !== null && !undone.has(jobId)) {
              undone.set(jobId, position);
              // Once this has stopped, what the queue answers is its closing (it fails what
              // has not run): those mails stay undone, for the next start.
              const done = () => {
                if (deps.signal.aborted) return;
                undone.delete(jobId);
                saveSoon();
              };
              deps.jobs.waitUntilFinished(Queues.mail, jobId, MAIL_DONE_WITHIN_MS).then(done, done);
            }
          }
          position = event.position;
          saveSoon();
        } else {
          position = event.position;
          if (++unsaved >= saveEvery) saveSoon();
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
  clearTimeout(timer);
  await save();
}
