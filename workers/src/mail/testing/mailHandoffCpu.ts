/**
 * A/B micro-benchmark (RESULTS.md, sixth session, `livepath`): the API thread's CPU per status mail
 * handed to the mail thread, through the embedded job queue as the standalone wires it, with jobs
 * added at a steady pace (one every `EVERY_MS`, as status changes arrive in bench scenario 2).
 * `node workers/src/mail/testing/mailHandoffCpu.ts` from the repo root.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { MailJobs, Queues } from "@shop/contracts";
import { createInProcessJobQueue, loadConfig } from "@shop/platform";
import { startMailThread } from "../mailThreadPool.ts";
import { sampleShop } from "./sampleShop.ts";
import { sampleStatusJob } from "./sampleStatusJob.ts";

const JOBS = Number(process.env.JOBS ?? 600);
const EVERY_MS = Number(process.env.EVERY_MS ?? 5);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 2);
const GATHER_MS = Number(process.env.GATHER_MS ?? 0);
const thread = () => {
  const u = process.threadCpuUsage();
  return (u.user + u.system) / 1000;
};
const all = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const dir = mkdtempSync(join(tmpdir(), "mail-handoff-"));
const mail = startMailThread({
  config: loadConfig({ DATA_DIR: dir, LOG_LEVEL: "warn" }),
  sessionSecret: "a-test-session-secret-of-enough-length",
  shop: sampleShop,
  writeLog: () => {},
  concurrency: CONCURRENCY,
  gatherMs: GATHER_MS,
});
const jobs = createInProcessJobQueue();
// FLOOR=1: the same queue and pacing with a handler that does nothing (the floor of this script).
jobs.process(Queues.mail, process.env.FLOOR === "1" ? async () => ({}) : mail.handle, {
  concurrency: CONCURRENCY,
});
const run = async (n: number) => {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const eventId = crypto.randomUUID();
    const { id } = await jobs.add(
      Queues.mail,
      MailJobs.orderStatus,
      { ...sampleStatusJob, eventId },
      {
        jobId: `status-${eventId}`,
        attempts: 3,
      },
    );
    ids.push(id);
    await sleep(EVERY_MS);
  }
  await Promise.all(ids.map((id) => jobs.waitUntilFinished(Queues.mail, id, 30_000)));
};
await run(50); // warm-up: the thread starts with the first mail
const t0 = thread();
const a0 = all();
await run(JOBS);
const mainMs = (thread() - t0) / JOBS;
const allMs = (all() - a0) / JOBS;
console.log(
  `mail hand-off, ${JOBS} jobs one per ${EVERY_MS} ms, concurrency ${CONCURRENCY}, gathered ${GATHER_MS} ms: API thread ${(mainMs * 1000).toFixed(0)} µs CPU per job ` +
    `(of which the pacing loop's own timer and add), process ${(allMs * 1000).toFixed(0)} µs per job`,
);
await jobs.close();
await mail.close();
rmSync(dir, { recursive: true, force: true });
