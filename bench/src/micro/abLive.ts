/**
 * Probe: an A/B of scenario 2 (200 status changes a second, each timed to its `order.updated`) on
 * two shops, served alternately in blocks (ABBA) so the host's drift falls on both alike. A shop is
 * this checkout's or another's (lib/abShops.ts: AB_DIR_, AB_ENV_, AB_FLAGS_ per side); each block
 * is timed by its p50/p99 and by the shop's CPU per change (every thread).
 * `npx node bench/src/micro/abLive.ts [blocks=6] [seconds=10]`.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Socket } from "socket.io-client";
import { startAbShop, threadStats } from "../lib/abShops.ts";
import type { ServerProcess } from "../lib/processes.ts";
import {
  connectSocket,
  DEMO_ADMIN,
  eventLoopDelay,
  listedProductIds,
  login,
  orderBody,
  placeOrder,
  signup,
} from "../lib/shopApi.ts";
import { median, percentile } from "../lib/stats.ts";
import { sleep } from "../lib/time.ts";
import { paced } from "../scenarios/liveLatency.ts";

const [blocksArg, secondsArg] = process.argv.slice(2);
const blocks = Number(blocksArg ?? 6);
const seconds = Number(secondsArg ?? 10);
const dir = mkdtempSync(join(tmpdir(), "ab-live-"));

/** Each thread's figures of `pid` by thread name (AB_BY_TID: by thread), AB_SPLIT adding user, system and sleeps. */
const threadNs = (pid: number): Map<string, number> => {
  const byName = new Map<string, number>();
  const add = (key: string, value: number) => byName.set(key, (byName.get(key) ?? 0) + value);
  for (const t of threadStats(pid)) {
    const name = process.env.AB_BY_TID ? `${t.comm}:${t.tid}` : t.comm;
    add(name, t.runNs);
    if (process.env.AB_SPLIT) {
      add(`${name} user`, t.userNs);
      add(`${name} sys`, t.systemNs);
      // As ns, so the table divides it per change alike.
      add(`${name} sleeps×1e6`, t.sleeps * 1e6);
    }
  }
  return byName;
};

interface Side {
  name: string;
  shop: ServerProcess;
  products: string[];
  customer: string;
  admin: string;
  socket: Socket;
  p50: number[];
  p99: number[];
  cpu: number[];
  /** The shop's event loop held, p99 of each block (ms). */
  held: number[];
  threads: Map<string, number[]>;
}

const start = async (name: string): Promise<Side> => {
  const shop = await startAbShop(name, dir);
  const admin = await login(shop.url, DEMO_ADMIN.email, DEMO_ADMIN.password);
  return {
    name,
    shop,
    products: await listedProductIds(shop.url),
    customer: (await signup(shop.url, 1)).token,
    admin,
    socket: await connectSocket(shop.url, admin),
    p50: [],
    p99: [],
    cpu: [],
    held: [],
    threads: new Map(),
  };
};

const freshOrders = async (side: Side) => {
  const ids: string[] = [];
  for (let i = 0; i < 50; i++) {
    const body = orderBody(side.products, i);
    await placeOrder(side.shop.url, side.customer, body);
    await side.socket.timeout(5000).emitWithAck("order.watch", { orderId: body.orderId });
    ids.push(body.orderId);
  }
  await sleep(200);
  return ids;
};

const sides = [await start("A"), await start("B")];
try {
  for (const s of sides) await paced(s.shop, s.socket, await freshOrders(s), s.admin, 2000);
  for (let b = 0; b < blocks; b++) {
    for (const s of b % 2 === 0 ? sides : [...sides].reverse()) {
      const ids = await freshOrders(s);
      await eventLoopDelay(s.shop.url); // starts the shop's event-loop histogram afresh
      const cpu0 = s.shop.cpuMs();
      const t0 = threadNs(s.shop.pid);
      const res = await paced(s.shop, s.socket, ids, s.admin, seconds * 1000);
      s.held.push((await eventLoopDelay(s.shop.url)).p99Ms);
      for (const [name, ns] of threadNs(s.shop.pid)) {
        const list = s.threads.get(name) ?? [];
        list.push((ns - (t0.get(name) ?? 0)) / 1e6 / Math.max(1, res.sent));
        s.threads.set(name, list);
      }
      s.cpu.push((s.shop.cpuMs() - cpu0) / Math.max(1, res.sent));
      s.p50.push(percentile(res.latenciesMs, 50));
      s.p99.push(percentile(res.latenciesMs, 99));
      process.stdout.write(
        `block ${b} ${s.name}: p50 ${s.p50.at(-1)?.toFixed(2)} p99 ${s.p99.at(-1)?.toFixed(2)} ms, ` +
          `cpu ${s.cpu.at(-1)?.toFixed(3)} ms/change, loop held p99 ${s.held.at(-1)?.toFixed(2)} ms, ` +
          `failed ${res.failed}, lost ${res.lost}\n`,
      );
    }
  }
  for (const s of sides)
    process.stdout.write(
      `${s.name}: p50 median ${median(s.p50).toFixed(2)}, p99 median ${median(s.p99).toFixed(2)} ms, ` +
        `cpu median ${median(s.cpu).toFixed(3)} ms/change, loop held p99 median ${median(s.held).toFixed(2)} ms; ` +
        "by thread (ms/change): " +
        [...s.threads]
          .map(([name, xs]) => [name, median(xs)] as const)
          .filter(([, ms]) => ms >= 0.005)
          .sort((a, b) => b[1] - a[1])
          .map(([name, ms]) => `${name} ${ms.toFixed(3)}`)
          .join(", ") +
        "\n",
    );
} finally {
  for (const s of sides) s.socket.close();
  await Promise.all(sides.map((s) => s.shop.stop()));
}
