/**
 * Probe (RESULTS.md, twenty-first session): what an order costs the shop by thread, one customer
 * alone or at N connections, from /proc (schedstat run time, user and system time, and the times
 * each thread went to sleep). One shop child (this checkout's, or AB_DIR_A's; AB_FLAGS_A adds Node
 * flags, e.g. `--cpu-prof --cpu-prof-dir=DIR` for a profile of that load alone) is warmed up with
 * the same load, then timed in three rounds.
 * `npx node bench/src/micro/aloneByThread.ts [orders per round=1500] [connections=1]`.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startAbShop, threadStats } from "../lib/abShops.ts";
import { orderLoop } from "../lib/orderLoop.ts";
import { connectSocket, DEMO_ADMIN, listedProductIds, login, signup } from "../lib/shopApi.ts";

const [ordersArg, connectionsArg] = process.argv.slice(2);
const perRound = Number(ordersArg ?? 1500);
const connections = Number(connectionsArg ?? 1);
const dir = mkdtempSync(join(tmpdir(), "alone-by-thread-"));
const shop = await startAbShop("A", dir);
const users: { token: string }[] = [];
for (let n = 0; n < 8; n++) users.push(await signup(shop.url, n));
const products = await listedProductIds(shop.url);
// As in scenario 1: an admin's socket hears every order.placed.
const socket = await connectSocket(shop.url, await login(shop.url, DEMO_ADMIN.email, DEMO_ADMIN.password));
const place = orderLoop(shop.url, users, products);
const run = (orders: number) => place(connections, orders);
const perOrder = (ns: number) => (ns / 1e3 / perRound).toFixed(0);
try {
  await run(2000);
  for (let round = 0; round < 3; round++) {
    await new Promise((resolve) => setTimeout(resolve, 300));
    const before = new Map(threadStats(shop.pid).map((t) => [t.tid, t]));
    await run(perRound);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const threads = threadStats(shop.pid).flatMap((t) => {
      const b = before.get(t.tid);
      const runNs = t.runNs - (b?.runNs ?? 0);
      if (runNs <= 0) return [];
      return [
        {
          name: `${t.comm}/${t.tid}`,
          runNs,
          line: `${t.comm}/${t.tid} ${perOrder(runNs)} µs (user ${perOrder(t.userNs - (b?.userNs ?? 0))}, system ${perOrder(t.systemNs - (b?.systemNs ?? 0))}), ${((t.sleeps - (b?.sleeps ?? 0)) / perRound).toFixed(2)} sleeps`,
        },
      ];
    });
    const total = threads.reduce((sum, t) => sum + t.runNs, 0);
    console.log(`round ${round}: ${perOrder(total)} µs an order at ${connections} connection(s)`);
    for (const t of threads.sort((a, b) => b.runNs - a.runNs)) console.log(`  ${t.line}`);
  }
} finally {
  socket.close();
  await shop.stop();
}
