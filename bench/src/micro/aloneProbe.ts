/**
 * Probe (RESULTS.md, seventh session, `alone`): the bench's shop child on a fresh folder, one
 * signed-up customer placing orders back to back on one connection, then 50 calls in flight
 * (8 customers), alternating; an admin socket hears every emit. Per order it prints the shop's
 * CPU (/proc stat, every thread) and its write system calls (/proc io `syscw`: socket writes, WAL
 * pwrites, …), a count that does not move with the machine's load the way CPU time does.
 * `npx node bench/src/micro/aloneProbe.ts [orders per round] [rounds]`.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { orderLoop } from "../lib/orderLoop.ts";
import { cpuMsOf, startServerProcess } from "../lib/processes.ts";
import {
  BENCH_SHOP_ENV,
  connectSocket,
  DEMO_ADMIN,
  listedProductIds,
  login,
  signup,
} from "../lib/shopApi.ts";

const [ordersArg, roundsArg] = process.argv.slice(2);
const perRound = Number(ordersArg ?? 1000);
const rounds = Number(roundsArg ?? 2);
const dir = mkdtempSync(join(tmpdir(), "alone-probe-"));
const shop = await startServerProcess({
  script: "shop.js",
  env: { ...BENCH_SHOP_ENV, DATA_DIR: join(dir, "shop") },
  logFile: join(dir, "shop.log"),
});
const writeCalls = () => Number(/syscw: (\d+)/.exec(readFileSync(`/proc/${shop.pid}/io`, "utf8"))?.[1]);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
try {
  const products = await listedProductIds(shop.url);
  const users: { token: string }[] = [];
  for (let n = 0; n < 8; n++) users.push(await signup(shop.url, n));
  const listener = await connectSocket(
    shop.url,
    await login(shop.url, DEMO_ADMIN.email, DEMO_ADMIN.password),
  );
  const run = orderLoop(shop.url, users, products);
  await run(1, 300);
  await run(50, 1000);
  for (let r = 0; r < rounds; r++) {
    for (const connections of [1, 50]) {
      await pause(300);
      const cpu0 = cpuMsOf(shop.pid);
      const writes0 = writeCalls();
      const t0 = performance.now();
      await run(connections, perRound);
      await pause(100);
      const s = (performance.now() - t0) / 1000;
      const line = {
        round: r,
        connections,
        ordersPerS: Math.round(perRound / s),
        cpuMsPerOrder: Number(((cpuMsOf(shop.pid) - cpu0) / perRound).toFixed(3)),
        writesPerOrder: Number(((writeCalls() - writes0) / perRound).toFixed(2)),
        load: readFileSync("/proc/loadavg", "utf8").split(" ")[0],
      };
      process.stdout.write(`${JSON.stringify(line)}\n`);
    }
  }
  listener.close();
} finally {
  await shop.stop();
}
