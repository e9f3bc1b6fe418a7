/**
 * A/B micro-benchmark (RESULTS.md, sixth session, `livepath`): the API thread's CPU per status
 * change for the status-mail subscription when changes are committed one by one, 5 ms apart (as
 * in bench scenario 2), with `lagMs` 0 (a read per commit) and 50 (a read per 50 ms).
 * `node workers/src/mail/testing/statusMailsLagCpu.ts` from the repo root.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { orderPlaced, orderStatusChanged } from "@shop/contracts/testing";
import { createLogger, createSqliteEventStore, sqliteNamedCheckpoint } from "@shop/platform";
import { followStatusMails } from "../statusMails.ts";
import { countingJobQueue } from "./countingJobQueue.ts";
import { systemMetadata } from "./systemMetadata.ts";

const CHANGES = Number(process.env.CHANGES ?? 600);
const thread = () => {
  const u = process.threadCpuUsage();
  return (u.user + u.system) / 1000;
};
const meta = systemMetadata;

const run = async (lagMs: number, withMails: boolean): Promise<number> => {
  const dir = mkdtempSync(join(tmpdir(), "mail-lag-"));
  const events = createSqliteEventStore({ file: join(dir, "events.db") });
  const orders = Array.from({ length: 50 }, () => randomUUID());
  for (const orderId of orders)
    await events.appendToStream(`order-${orderId}`, [{ ...orderPlaced({ orderId }), metadata: meta() }], {
      expectedRevision: "no_stream",
    });
  const { jobs, added } = countingJobQueue();
  const checkpoint = sqliteNamedCheckpoint(join(dir, "secrets.db"), "m");
  await checkpoint.save(await events.headPosition());
  const stop = new AbortController();
  const running = withMails
    ? followStatusMails({
        events,
        jobs,
        checkpoint,
        logger: createLogger({ level: "silent" }),
        signal: stop.signal,
        lagMs,
      })
    : Promise.resolve();
  const c0 = thread();
  for (let i = 0; i < CHANGES; i++) {
    const orderId = orders[i % orders.length]!;
    const n = Math.floor(i / orders.length);
    await events.appendToStream(
      `order-${orderId}`,
      [{ ...orderStatusChanged(n % 2 ? 2 : 1, n % 2 ? 1 : 2, orderId), metadata: meta() }],
      { expectedRevision: n },
    );
    await sleep(5);
  }
  while (withMails && added() < CHANGES) await sleep(5);
  const ms = thread() - c0;
  stop.abort();
  await running;
  await checkpoint.close();
  await events.close();
  rmSync(dir, { recursive: true, force: true });
  return (ms * 1000) / CHANGES;
};

// REVERSE=1 runs them the other way round (JIT warm-up favours later runs).
const reverse = process.env.REVERSE === "1";
const floor = await run(0, false);
const first = await run(reverse ? 50 : 0, true);
const second = await run(reverse ? 0 : 50, true);
const [eager, lagged] = reverse ? [second, first] : [first, second];
console.log(
  `status-mail subscription, ${CHANGES} commits 5 ms apart, API thread µs per change: appends alone ${floor.toFixed(0)}, ` +
    `with the subscription lagMs 0: ${eager.toFixed(0)}, lagMs 50: ${lagged.toFixed(0)}`,
);
