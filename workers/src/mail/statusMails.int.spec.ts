import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MailJobs, type OrderStatusMailJob, Queues, systemActor } from "@shop/contracts";
import { orderPlaced, orderStatusChanged } from "@shop/contracts/testing";
import {
  createInProcessJobQueue,
  createLogger,
  createSqliteEventStore,
  type EventStore,
  type JobQueue,
  StoreUnavailableError,
  sqliteNamedCheckpoint,
} from "@shop/platform";
import { afterEach, describe, expect, it } from "vitest";
import { followStatusMails, type StatusMailsDeps } from "./statusMails.ts";

/** The job queue port over a Redis that can be taken away: adds fail while `down`. */
const flakyQueue = () => {
  const queued: { id: string; data: OrderStatusMailJob }[] = [];
  const state = { down: false, refused: 0 };
  const jobs: JobQueue = {
    async add(_queue, _name, data, opts) {
      if (state.down) {
        state.refused++;
        throw new StoreUnavailableError("job queue (Redis) unavailable");
      }
      const id = opts?.jobId ?? randomUUID();
      // BullMQ's dedup by job id.
      if (!queued.some((q) => q.id === id)) queued.push({ id, data: data as OrderStatusMailJob });
      return { id };
    },
    waitUntilFinished: async () => undefined as never,
    process: () => {},
    close: async () => {},
  };
  return { jobs, queued, state };
};

const until = async (check: () => boolean, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 20));
  }
};

const meta = () => ({
  schemaVersion: 1,
  correlationId: randomUUID(),
  causationId: randomUUID(),
  actor: systemActor("test"),
});

describe("status mails follow the event log from their own checkpoint", () => {
  const dirs: string[] = [];
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of closers.splice(0).reverse()) await c();
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  /** A fresh folder with an event store and an in-process job queue, both closed after the test. */
  const freshLogAndQueue = () => {
    const dir = mkdtempSync(join(tmpdir(), "status-mails-"));
    dirs.push(dir);
    const events: EventStore = createSqliteEventStore({ file: join(dir, "events.db") });
    closers.push(() => events.close());
    const jobs = createInProcessJobQueue();
    closers.push(() => jobs.close());
    return { dir, events, jobs };
  };
  /** The subscription from `events` into `jobs`, its checkpoint in `dir`; answers how to halt it (also done after the test). */
  const follow = (dir: string, events: EventStore, jobs: JobQueue, opts: Partial<StatusMailsDeps>) => {
    const checkpoint = sqliteNamedCheckpoint(join(dir, "secrets.db"), "status-mails");
    const stop = new AbortController();
    const running = followStatusMails({
      events,
      jobs,
      checkpoint,
      logger: createLogger({ level: "silent" }),
      signal: stop.signal,
      ...opts,
    });
    const halt = async () => {
      stop.abort();
      await running;
      await checkpoint.close();
    };
    closers.push(halt);
    return halt;
  };

  it("a change logged while the queue is down is mailed once it returns; a restart neither re-sends nor skips; a first start begins at the log's end", async () => {
    const dir = mkdtempSync(join(tmpdir(), "status-mails-"));
    dirs.push(dir);
    const events: EventStore = createSqliteEventStore({ file: join(dir, "events.db") });
    closers.push(() => events.close());
    const orderId = randomUUID();
    const stream = `order-${orderId}`;
    let revision = -1;
    const append = async (e: { type: string; data: unknown }) => {
      const r = await events.appendToStream(stream, [{ ...e, metadata: meta() }], {
        expectedRevision: revision < 0 ? "no_stream" : revision,
      });
      revision = r.nextExpectedRevision;
    };
    await append(orderPlaced({ orderId }));
    await append(orderStatusChanged(1, 2, orderId)); // before the mails ever ran: not mailed

    const { jobs, queued, state } = flakyQueue();
    const start = () => follow(dir, events, jobs, { saveEvery: 1 });

    const halt = start();
    await new Promise((r) => setTimeout(r, 200));
    expect(queued).toEqual([]);

    // Redis goes away; the status changes anyway (the log is elsewhere).
    state.down = true;
    await append(orderStatusChanged(2, 3, orderId));
    await until(() => state.refused >= 2);
    expect(queued).toEqual([]);
    state.down = false;
    await until(() => queued.length === 1);
    const [first] = await events.readStream(stream, { fromRevision: 2 });
    expect(queued[0]).toMatchObject({
      id: `status-${first!.id}`,
      data: { orderId, status: 3, to: "asha@example.com" },
    });

    // Stopped; a change lands meanwhile; started again on the same checkpoint.
    await halt();
    await append(orderStatusChanged(3, 1, orderId));
    start();
    await until(() => queued.length === 2);
    await new Promise((r) => setTimeout(r, 300));
    expect(queued.map((q) => q.data.status)).toEqual([3, 1]);
    console.log(
      `status mails: ${state.refused} enqueues refused while the queue was down; 2 mails queued once each, none re-sent after a restart`,
    );
  });

  it("queues status mails behind a delivery OTP: an OTP queued after them is mailed first", async () => {
    const { dir, events, jobs } = freshLogAndQueue();
    let queued = 0;
    follow(dir, events, jobs, { lagMs: 5, onQueued: () => queued++ });
    await new Promise((r) => setTimeout(r, 100));
    const orderId = randomUUID();
    const changes = [
      orderPlaced({ orderId }),
      orderStatusChanged(1, 2, orderId),
      orderStatusChanged(2, 3, orderId),
      orderStatusChanged(3, 1, orderId),
      orderStatusChanged(1, 2, orderId),
    ];
    await events.appendToStream(
      `order-${orderId}`,
      changes.map((e) => ({ ...e, metadata: meta() })),
      {
        expectedRevision: "no_stream",
      },
    );
    // The mailer is busy with the first mail while the others wait, as they do behind a slow SMTP.
    let release = () => {};
    const busy = new Promise<void>((r) => {
      release = r;
    });
    const mailed: string[] = [];
    jobs.process(Queues.mail, async (job) => {
      mailed.push(
        job.name === MailJobs.deliveryOtp ? "otp" : `status ${(job.data as OrderStatusMailJob).status}`,
      );
      await busy;
    });
    // Every status mail is queued (one in the mailer, three waiting) before the OTP is.
    await until(() => mailed.length === 1 && queued === 4);
    // As command-api queues a delivery OTP (command-api/src/orders/deliveryOtp.ts): no priority.
    const otp = await jobs.add(Queues.mail, MailJobs.deliveryOtp, { orderId }, { jobId: `otp-${orderId}` });
    release();
    await jobs.waitUntilFinished(Queues.mail, otp.id, 5000);
    await until(() => mailed.length === 5);
    expect(mailed).toEqual(["status 2", "otp", "status 3", "status 1", "status 2"]);
  });

  it("a status mail that cannot be sent for longer than five tries' window is retried until it goes out, once", async () => {
    const { dir, events, jobs } = freshLogAndQueue();
    // Retries 5 ms apart at first (1 s in the shop), doubled each time.
    follow(dir, events, jobs, { lagMs: 5, retryBaseMs: 5 });
    await new Promise((r) => setTimeout(r, 100));
    // The mail server refuses the first eight sends, as it would through an outage of ~4 min.
    let refused = 0;
    const sent: number[] = [];
    jobs.process(Queues.mail, async (job) => {
      if (refused < 8) {
        refused++;
        throw new Error("connect ECONNREFUSED 127.0.0.1:1025");
      }
      sent.push((job.data as OrderStatusMailJob).status);
    });
    const orderId = randomUUID();
    await events.appendToStream(
      `order-${orderId}`,
      [orderPlaced({ orderId }), orderStatusChanged(1, 2, orderId)].map((e) => ({ ...e, metadata: meta() })),
      { expectedRevision: "no_stream" },
    );
    await until(() => sent.length === 1, 15_000);
    await new Promise((r) => setTimeout(r, 200));
    expect(refused).toBe(8);
    expect(sent).toEqual([2]);
  });

  it("with a queue that forgets its jobs at a stop (in-process), a mail waiting for a retry is sent after a restart", async () => {
    // A fault probe: status mails waiting for a retry (the outbox folder gone) were lost at a
    // restart, as the checkpoint had moved past them once they were in the in-process queue.
    const dir = mkdtempSync(join(tmpdir(), "status-mails-"));
    dirs.push(dir);
    const events: EventStore = createSqliteEventStore({ file: join(dir, "events.db") });
    closers.push(() => events.close());
    const before = createInProcessJobQueue();
    before.process(Queues.mail, async () => {
      throw new Error("ENOENT: the outbox folder is gone");
    });
    const halt = follow(dir, events, before, { lagMs: 5, retryBaseMs: 60_000, forgetsJobs: true });
    await new Promise((r) => setTimeout(r, 100));
    const orderIds = [randomUUID(), randomUUID(), randomUUID()];
    for (const orderId of orderIds)
      await events.appendToStream(
        `order-${orderId}`,
        [orderPlaced({ orderId }), orderStatusChanged(1, 2, orderId)].map((e) => ({
          ...e,
          metadata: meta(),
        })),
        { expectedRevision: "no_stream" },
      );
    await new Promise((r) => setTimeout(r, 500));
    await halt();
    await before.close();

    const after = createInProcessJobQueue();
    closers.push(() => after.close());
    const sent: string[] = [];
    after.process(Queues.mail, async (job) => {
      sent.push((job.data as OrderStatusMailJob).orderId);
    });
    follow(dir, events, after, { lagMs: 5, forgetsJobs: true });
    await until(() => sent.length === 3);
    expect(sent.sort()).toEqual([...orderIds].sort());
  });

  it("follows from the log's end when its checkpoint is beyond it (an older log restored)", async () => {
    // A fault probe: with events.db restored from an older backup beside the checkpoint, status
    // mails stopped, silently, until the log grew past the old checkpoint.
    const { dir, events, jobs } = freshLogAndQueue();
    const checkpoint = sqliteNamedCheckpoint(join(dir, "secrets.db"), "status-mails");
    await checkpoint.save("5000");
    await checkpoint.close();
    const sent: number[] = [];
    jobs.process(Queues.mail, async (job) => {
      sent.push((job.data as OrderStatusMailJob).status);
    });
    follow(dir, events, jobs, { lagMs: 5 });
    await new Promise((r) => setTimeout(r, 100));
    const orderId = randomUUID();
    await events.appendToStream(
      `order-${orderId}`,
      [orderPlaced({ orderId }), orderStatusChanged(1, 2, orderId)].map((e) => ({ ...e, metadata: meta() })),
      { expectedRevision: "no_stream" },
    );
    await until(() => sent.length === 1);
    expect(sent).toEqual([2]);
  });

  it("reads an order's stream once for all its mails, and saves the checkpoint once for the mails queued together", async () => {
    const dir = mkdtempSync(join(tmpdir(), "status-mails-"));
    dirs.push(dir);
    const store = createSqliteEventStore({ file: join(dir, "events.db") });
    closers.push(() => store.close());
    const reads: string[] = [];
    const events: EventStore = {
      ...store,
      readStream: (stream, opts) => {
        reads.push(stream);
        return store.readStream(stream, opts);
      },
    };
    const orderId = randomUUID();
    const stream = `order-${orderId}`;
    const checkpoint = sqliteNamedCheckpoint(join(dir, "secrets.db"), "status-mails");
    await checkpoint.save("0");
    const saves: string[] = [];
    const { jobs, queued } = flakyQueue();
    const stop = new AbortController();
    const running = followStatusMails({
      events,
      jobs,
      checkpoint: {
        ...checkpoint,
        save: (position) => {
          saves.push(position);
          return checkpoint.save(position);
        },
      },
      logger: createLogger({ level: "silent" }),
      signal: stop.signal,
      saveAfterMs: 60_000,
    });
    closers.push(async () => {
      stop.abort();
      await running;
      await checkpoint.close();
    });
    await store.appendToStream(stream, [{ ...orderPlaced({ orderId }), metadata: meta() }], {
      expectedRevision: "no_stream",
    });
    const changes: [1 | 2 | 3, 1 | 2 | 3][] = [
      [1, 2],
      [2, 3],
      [3, 1],
    ];
    for (const [i, [from, to]] of changes.entries())
      await store.appendToStream(stream, [{ ...orderStatusChanged(from, to, orderId), metadata: meta() }], {
        expectedRevision: i,
      });
    await until(() => queued.length === 3);
    expect(queued.map((q) => q.data)).toMatchObject([
      { orderId, status: 2, to: "asha@example.com", kind: "status-changed" },
      { orderId, status: 3, to: "asha@example.com" },
      { orderId, status: 1, to: "asha@example.com" },
    ]);
    expect(reads).toEqual([stream]);
    // Not saved per mail: once, when the subscription stops (or `saveAfterMs` after the first).
    expect(saves).toEqual([]);
    stop.abort();
    await running;
    expect(saves).toEqual([await store.headPosition()]);
    expect(await checkpoint.load()).toBe(await store.headPosition());
  });
});
