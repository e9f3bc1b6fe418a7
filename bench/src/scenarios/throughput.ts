import { join } from "node:path";
import { closedLoop, type HttpCall, type LoadResult } from "../lib/load.ts";
import { startShopAndBaseline } from "../lib/processes.ts";
import type { Figure } from "../lib/report.ts";
import type { Scenario } from "../lib/scenario.ts";
import { connectSocket, DEMO_ADMIN, listedProductIds, login, orderBody, signup } from "../lib/shopApi.ts";
import { percentile, spread } from "../lib/stats.ts";
import { interleave } from "../lib/time.ts";

const CONNECTIONS = 50;
const USERS = 8;

/**
 * "single": the shop again, but one customer alone on one connection, orders one after another;
 * "baseSingle": the baseline the same way (the control: what one connection costs any server here).
 */
type Side = "shop" | "baseline" | "single" | "baseSingle";
const isBaseline = (side: Side) => side === "baseline" || side === "baseSingle";
const isSingle = (side: Side) => side === "single" || side === "baseSingle";

/**
 * 1. PlaceOrder over HTTP, 50 connections, beside the baseline server, interleaved; and the
 * shop with one customer alone (one connection), for its server CPU per order.
 */
export const throughput: Scenario = {
  id: "1",
  title: "PlaceOrder throughput over HTTP",
  async run(ctx) {
    const rounds = Number(process.env.BENCH_ROUNDS ?? (ctx.quick ? 2 : 5));
    const seconds = ctx.quick ? 3 : 8;
    const dir = join(ctx.workDir, "throughput");
    const { shop, baseline } = await startShopAndBaseline(dir);
    try {
      const products = await listedProductIds(shop.url);
      const users: { token: string; userId: string }[] = [];
      for (let n = 0; n < USERS; n++) users.push(await signup(shop.url, n));
      const adminToken = await login(shop.url, DEMO_ADMIN.email, DEMO_ADMIN.password);
      // A listener on each side, so each emit reaches a connected client.
      const heard = { shop: 0, baseline: 0 };
      const shopListener = await connectSocket(shop.url, adminToken);
      shopListener.on("order.placed", () => heard.shop++);
      const baseListener = await connectSocket(baseline.url);
      baseListener.on("order.placed", () => heard.baseline++);

      let seq = 0;
      const load = (side: Side, ms: number) => {
        const origin = isBaseline(side) ? baseline.url : shop.url;
        return closedLoop({
          origin,
          connections: isSingle(side) ? 1 : CONNECTIONS,
          durationMs: ms,
          maxCalls: 500_000,
          call: (): HttpCall => {
            const i = seq++;
            const user = isSingle(side) ? users[0]! : users[i % users.length]!;
            return {
              method: "POST",
              path: "/api/orders",
              headers: isBaseline(side)
                ? { "x-user": user.userId }
                : { authorization: `Bearer ${user.token}` },
              body: JSON.stringify(orderBody(products, i)),
            };
          },
        });
      };
      ctx.log("  warm-up");
      await load("baseline", 1500);
      await load("shop", 1500);
      await load("single", 1500);
      await load("baseSingle", 1500);

      const results: Record<Side, LoadResult[]> = { shop: [], baseline: [], single: [], baseSingle: [] };
      const cpuPerOrder: Record<Side, number[]> = { shop: [], baseline: [], single: [], baseSingle: [] };
      const sides: Side[] = ["baseline", "shop", "single", "baseSingle"];
      await interleave<Side>(sides, rounds, async (side, r) => {
        const server = isBaseline(side) ? baseline : shop;
        const cpu0 = server.cpuMs();
        const res = await load(side, seconds * 1000);
        // The server's own CPU per answered order: far steadier than wall-clock rates on a shared machine.
        cpuPerOrder[side].push((server.cpuMs() - cpu0) / Math.max(1, res.ok));
        results[side].push(res);
        ctx.log(
          `  round ${r + 1} ${side}: ${Math.round((res.ok / res.elapsedMs) * 1000)} orders/s, ` +
            `p99 ${percentile(res.latenciesMs, 99).toFixed(1)} ms, ${cpuPerOrder[side].at(-1)?.toFixed(3)} CPU ms/order, failed ${res.failed} ${JSON.stringify(res.failures)}`,
        );
      });
      const mem = shop.memory();
      ctx.memory.push({ phase: "1. standalone during PlaceOrder throughput", ...mem });
      ctx.memory.push({ phase: "1. baseline server (for comparison)", ...baseline.memory() });

      const rate = (rs: LoadResult[]) => rs.map((x) => (x.ok / x.elapsedMs) * 1000);
      const pct = (rs: LoadResult[], p: number) => rs.map((x) => percentile(x.latenciesMs, p));
      const shopRate = rate(results.shop);
      const baseRate = rate(results.baseline);
      const ratios = shopRate.map((s, i) => s / baseRate[i]!);
      const singleRate = rate(results.single);
      const failed = results.shop.reduce((n, x) => n + x.failed, 0);
      const singleFailed = [...results.single, ...results.baseSingle].reduce((n, x) => n + x.failed, 0);
      const baseFailed = results.baseline.reduce((n, x) => n + x.failed, 0);
      const figures: Figure[] = [
        {
          name: "throughput",
          unit: "orders/s",
          value: spread(shopRate),
          baseline: spread(baseRate),
          digits: 0,
        },
        {
          name: "throughput ÷ baseline (same round)",
          unit: "×",
          value: spread(ratios),
          target: { op: ">=", value: 0.9, text: "≥ 0.9 × baseline" },
          digits: 2,
        },
        {
          name: "server CPU per order",
          unit: "ms",
          value: spread(cpuPerOrder.shop),
          baseline: spread(cpuPerOrder.baseline),
          digits: 3,
        },
        {
          name: "server CPU per order ÷ baseline's (same round)",
          unit: "×",
          value: spread(cpuPerOrder.shop.map((s, i) => s / cpuPerOrder.baseline[i]!)),
          target: { op: "<=", value: 1.3, text: "≤ 1.3 × baseline" },
          digits: 2,
        },
        {
          name: "one customer alone (1 connection): throughput",
          unit: "orders/s",
          value: spread(singleRate),
          baseline: spread(rate(results.baseSingle)),
          digits: 0,
        },
        {
          name: "one customer alone: server CPU per order",
          unit: "ms",
          value: spread(cpuPerOrder.single),
          baseline: spread(cpuPerOrder.baseSingle),
          digits: 3,
        },
        {
          name: "one customer alone ÷ 50 connections: CPU per order (same round)",
          unit: "×",
          value: spread(cpuPerOrder.single.map((s, i) => s / cpuPerOrder.shop[i]!)),
          target: { op: "<=", value: 1.5, text: "≤ 1.5 × the loaded figure" },
          baseline: spread(cpuPerOrder.baseSingle.map((s, i) => s / cpuPerOrder.baseline[i]!)),
          digits: 2,
        },
        {
          name: "one customer alone: latency p50",
          unit: "ms",
          value: spread(pct(results.single, 50)),
          baseline: spread(pct(results.baseSingle, 50)),
        },
        {
          name: "latency p50",
          unit: "ms",
          value: spread(pct(results.shop, 50)),
          baseline: spread(pct(results.baseline, 50)),
        },
        {
          name: "latency p99",
          unit: "ms",
          value: spread(pct(results.shop, 99)),
          baseline: spread(pct(results.baseline, 99)),
        },
      ];
      shopListener.close();
      baseListener.close();
      return {
        id: this.id,
        title: this.title,
        figures,
        notes: [
          `Closed loop over undici, ${CONNECTIONS} connections, ${rounds} rounds of ${seconds} s per side after a 1.5 s warm-up each, ` +
            "sides alternating (ABBA). Every call is a distinct order (client-chosen UUID) of 1–3 listed demo products, " +
            `from ${USERS} distinct signed-up customers (bearer tokens) round-robin.`,
          "Standalone: `startShop` in its own process on the embedded adapters (SQLite event store with " +
            "synchronous=FULL, in-memory read models, in-process projector and socket.io), LOG_LEVEL=warn, " +
            "rate limits raised; an admin socket.io client is connected and hears every `order.placed`.",
          "Baseline (`bench/src/children/baseline.ts`, its own process): express 5 + express.json + the shop's " +
            "PlaceOrderBody zod schema + one INSERT through node:sqlite (WAL, synchronous=FULL, same temp folder kind) + " +
            "one socket.io emit to a connected listener. No auth, no stream reads, no projection.",
          "Server CPU per order is the server process's user+system CPU time (/proc/<pid>/stat) over the round divided by " +
            "the orders it answered: unlike orders/s it barely moves when other work shares the machine, so it is the " +
            "figure to compare code changes by; its inverse ratio is what the throughput ratio tends to on a quiet machine.",
          "One customer alone: the same standalone, one signed-up customer on one connection placing orders back " +
            "to back (closed loop, one call in flight), as further sides of the same interleaved rounds; its CPU per order " +
            "is the same /proc figure, so per-request fixed costs (idle timers, waits, logging) show against the loaded one. " +
            "The baseline is run the same way (its column), for reference only: it commits every request with its own fsync on " +
            "its event loop under load too, so it has nothing to share between requests and its ratio stays near 1; it does not " +
            "separate the cost of waking a sleeping server from work the shop batches under load.",
          `Failed calls: standalone ${failed}, baseline ${baseFailed}, one customer alone (both servers) ${singleFailed}. Emits heard by the listeners: standalone ${heard.shop}, baseline ${heard.baseline}.`,
          `Peak RSS of the standalone after the rounds: ${(mem.peakKiB / 1024).toFixed(0)} MiB.`,
        ],
      };
    } finally {
      await Promise.all([shop.stop(), baseline.stop()]);
    }
  },
};
