/**
 * Probe: an A/B of one customer alone (or N connections) on two shops at once, so the host's
 * drift falls on both sides alike. Two shop children (this checkout's, or another's given by
 * AB_DIR_A / AB_DIR_B, each with extra environment AB_ENV_A / AB_ENV_B as JSON and Node flags AB_FLAGS_A / AB_FLAGS_B) are warmed up,
 * then served alternately in blocks of orders (ABBA), each block timed by that child's CPU (every
 * thread's /proc schedstat run time) and its write system calls (/proc io `syscw`).
 * `npx node bench/src/micro/abAlone.ts [blocks] [orders per block] [connections]`.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startAbShop, threadStats } from "../lib/abShops.ts";
import { orderLoop } from "../lib/orderLoop.ts";
import type { ServerProcess } from "../lib/processes.ts";
import { connectSocket, DEMO_ADMIN, listedProductIds, login, signup } from "../lib/shopApi.ts";
import { median } from "../lib/stats.ts";

const [blocksArg, perBlockArg, connectionsArg] = process.argv.slice(2);
const blocks = Number(blocksArg ?? 8);
const perBlock = Number(perBlockArg ?? 300);
const connections = Number(connectionsArg ?? 1);
const dir = mkdtempSync(join(tmpdir(), "ab-alone-"));

const runNs = (pid: number): number => threadStats(pid).reduce((sum, t) => sum + t.runNs, 0);
/** Times the process's threads went to sleep: each is a wake-up later. */
const sleeps = (pid: number): number => threadStats(pid).reduce((sum, t) => sum + t.sleeps, 0);
const writeCalls = (pid: number) => Number(/syscw: (\d+)/.exec(readFileSync(`/proc/${pid}/io`, "utf8"))?.[1]);

interface Side {
  name: string;
  shop: ServerProcess;
  products: string[];
  users: { token: string }[];
  cpu: number[];
  writes: number[];
  sleeps: number[];
  /** Places orders on this side (`orderLoop`). */
  run: (connections: number, orders: number) => Promise<void>;
}

const start = async (name: string): Promise<Side> => {
  const shop = await startAbShop(name, dir);
  const users: { token: string }[] = [];
  for (let n = 0; n < 8; n++) users.push(await signup(shop.url, n));
  const products = await listedProductIds(shop.url);
  return {
    name,
    shop,
    products,
    users,
    cpu: [],
    writes: [],
    sleeps: [],
    run: orderLoop(shop.url, users, products),
  };
};

const sides = [await start("A"), await start("B")];
const listeners = await Promise.all(
  sides.map(async (s) =>
    connectSocket(s.shop.url, await login(s.shop.url, DEMO_ADMIN.email, DEMO_ADMIN.password)),
  ),
);
try {
  for (const s of sides) {
    await s.run(1, 300);
    await s.run(50, 1000);
  }
  for (let b = 0; b < blocks; b++) {
    for (const s of b % 2 === 0 ? sides : [...sides].reverse()) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const cpu0 = runNs(s.shop.pid);
      const w0 = writeCalls(s.shop.pid);
      const s0 = sleeps(s.shop.pid);
      await s.run(connections, perBlock);
      await new Promise((resolve) => setTimeout(resolve, 50));
      s.cpu.push((runNs(s.shop.pid) - cpu0) / 1e6 / perBlock);
      s.writes.push((writeCalls(s.shop.pid) - w0) / perBlock);
      s.sleeps.push((sleeps(s.shop.pid) - s0) / perBlock);
    }
  }
  for (const s of sides) {
    process.stdout.write(
      `${JSON.stringify({
        side: s.name,
        connections,
        cpuMsPerOrderMedian: Number(median(s.cpu).toFixed(3)),
        cpuMsPerOrder: s.cpu.map((x) => Number(x.toFixed(3))),
        writesPerOrder: Number(median(s.writes).toFixed(2)),
        sleepsPerOrder: Number(median(s.sleeps).toFixed(2)),
      })}\n`,
    );
  }
  const ratios = sides[1]!.cpu.map((x, i) => x / sides[0]!.cpu[i]!);
  process.stdout.write(
    `B ÷ A per block: median ${median(ratios).toFixed(3)} (${ratios.map((r) => r.toFixed(2)).join(" ")})\n`,
  );
} finally {
  for (const l of listeners) l.close();
  await Promise.all(sides.map((s) => s.shop.stop()));
}
