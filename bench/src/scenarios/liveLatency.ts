import { join } from "node:path";
import type { Socket } from "socket.io-client";
import { type HttpCall, pacedLoop } from "../lib/load.ts";
import { type ServerProcess, startShopAndBaseline } from "../lib/processes.ts";
import type { Figure } from "../lib/report.ts";
import type { Scenario } from "../lib/scenario.ts";
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
import { percentile, spread } from "../lib/stats.ts";
import { interleave, sleep } from "../lib/time.ts";

const PER_SECOND = 200;
const ORDERS = 50;

type Side = "shop" | "baseline";

interface RoundResult {
  latenciesMs: number[];
  sent: number;
  failed: number;
  lost: number;
  maxLateMs: number;
  /** The shop's event loop over the round (absent for the baseline). */
  loop?: { maxMs: number; p99Ms: number };
  /** The server process's CPU time (all its threads) over the round, per change sent. */
  cpuMsPerChange?: number;
}

interface OrderUpdated {
  order?: { id?: string; timeline?: unknown[] };
  seq?: string;
}

/**
 * One paced round: `PER_SECOND` status changes per second spread over `ORDERS` orders (each order
 * toggles Pending ↔ Processing), each timed from just before its PUT is sent until the
 * subscribed socket hears the `order.updated` that it caused.
 */
export const paced = async (
  server: ServerProcess,
  socket: Socket,
  orderIds: string[],
  token: string | undefined,
  ms: number,
): Promise<RoundResult> => {
  // Pending changes per order (shop: keyed by order id, in timeline order) or per call (baseline:
  // keyed by its x-seq). A change counts as heard at the first update whose timeline includes it,
  // even when the projector folded it into one update with the next change of that order.
  const pending = new Map<string, { length: number; t0: number }[]>();
  const latenciesMs: number[] = [];
  const changes = new Map<string, number>();
  const onUpdate = (payload: OrderUpdated) => {
    const at = performance.now();
    const key = payload.seq !== undefined ? payload.seq : String(payload.order?.id);
    const waiting = pending.get(key);
    if (!waiting) return;
    const length =
      payload.seq !== undefined ? Number.POSITIVE_INFINITY : (payload.order?.timeline?.length ?? 0);
    while (waiting.length > 0 && waiting[0]!.length <= length) latenciesMs.push(at - waiting.shift()!.t0);
    if (waiting.length === 0) pending.delete(key);
  };
  socket.on("order.updated", onUpdate);
  const res = await pacedLoop({
    origin: server.url,
    perSecond: PER_SECOND,
    durationMs: ms,
    call: (i, at): HttpCall => {
      const id = orderIds[i % orderIds.length]!;
      const n = (changes.get(id) ?? 0) + 1;
      changes.set(id, n);
      // The order was placed Pending: odd changes go to Processing, even ones back to Pending.
      const status = n % 2 === 1 ? 2 : 1;
      // The read model's timeline then holds OrderPlaced plus n status changes.
      const key = token ? id : String(i);
      const waiting = pending.get(key) ?? [];
      waiting.push({ length: 1 + n, t0: at });
      pending.set(key, waiting);
      const headers: Record<string, string> = token
        ? { authorization: `Bearer ${token}` }
        : { "x-seq": String(i) };
      return {
        method: "PUT",
        path: `/api/orders/${id}/status`,
        headers,
        body: JSON.stringify({ status }),
      };
    },
  });
  const deadline = performance.now() + 3000;
  while (pending.size > 0 && performance.now() < deadline) await sleep(20);
  socket.off("order.updated", onUpdate);
  return {
    latenciesMs,
    sent: res.sent,
    failed: res.failed,
    lost: [...pending.values()].reduce((n, waiting) => n + waiting.length, 0),
    maxLateMs: Math.max(0, ...res.lateMs),
  };
};

/** 2. Live latency at a steady 200 status changes/s: PUT sent → `order.updated` heard. */
export const liveLatency: Scenario = {
  id: "2",
  title: "Live latency (command → order.updated)",
  async run(ctx) {
    const rounds = ctx.quick ? 2 : 6;
    const seconds = ctx.quick ? 3 : 10;
    const dir = join(ctx.workDir, "live");
    const { shop, baseline } = await startShopAndBaseline(dir);
    try {
      const products = await listedProductIds(shop.url);
      const customer = await signup(shop.url, 1);
      const adminToken = await login(shop.url, DEMO_ADMIN.email, DEMO_ADMIN.password);
      const shopSocket = await connectSocket(shop.url, adminToken);
      const baseSocket = await connectSocket(baseline.url);
      // Fresh orders each round keep every order's stream as short as a real order's.
      const freshOrders = async () => {
        const ids: string[] = [];
        for (let i = 0; i < ORDERS; i++) {
          const body = orderBody(products, i);
          await placeOrder(shop.url, customer.token, body);
          const ack = (await shopSocket
            .timeout(5000)
            .emitWithAck("order.watch", { orderId: body.orderId })) as {
            ok: boolean;
          };
          if (!ack.ok) throw new Error("order.watch refused");
          ids.push(body.orderId);
        }
        await sleep(200);
        return ids;
      };
      const baseIds = Array.from({ length: ORDERS }, () => crypto.randomUUID());
      const results: Record<Side, RoundResult[]> = { shop: [], baseline: [] };
      ctx.log("  warm-up");
      await paced(shop, shopSocket, await freshOrders(), adminToken, 1000);
      await paced(baseline, baseSocket, baseIds, undefined, 1000);
      await interleave<Side>(["baseline", "shop"], rounds, async (side, r) => {
        let res: RoundResult;
        if (side === "shop") {
          const orderIds = await freshOrders();
          await eventLoopDelay(shop.url); // starts the shop's event-loop histogram afresh
          const cpu0 = shop.cpuMs();
          res = await paced(shop, shopSocket, orderIds, adminToken, seconds * 1000);
          res.cpuMsPerChange = (shop.cpuMs() - cpu0) / Math.max(1, res.sent);
          res.loop = await eventLoopDelay(shop.url);
        } else {
          const cpu0 = baseline.cpuMs();
          res = await paced(baseline, baseSocket, baseIds, undefined, seconds * 1000);
          res.cpuMsPerChange = (baseline.cpuMs() - cpu0) / Math.max(1, res.sent);
        }
        results[side].push(res);
        ctx.log(
          `  round ${r + 1} ${side}: p50 ${percentile(res.latenciesMs, 50).toFixed(2)} ms, ` +
            `p99 ${percentile(res.latenciesMs, 99).toFixed(2)} ms, heard ${res.latenciesMs.length}/${res.sent}, ` +
            `failed ${res.failed}, lost ${res.lost}, sender max late ${res.maxLateMs.toFixed(1)} ms, ` +
            `server CPU ${res.cpuMsPerChange?.toFixed(3)} ms/change` +
            (res.loop
              ? `, shop event loop held p99 ${res.loop.p99Ms.toFixed(1)} / max ${res.loop.maxMs.toFixed(1)} ms`
              : ""),
        );
      });
      shopSocket.close();
      baseSocket.close();
      const pct = (rs: RoundResult[], p: number) => rs.map((x) => percentile(x.latenciesMs, p));
      const sum = (rs: RoundResult[], f: (x: RoundResult) => number) => rs.reduce((n, x) => n + f(x), 0);
      const figures: Figure[] = [
        {
          name: "latency p50",
          unit: "ms",
          value: spread(pct(results.shop, 50)),
          baseline: spread(pct(results.baseline, 50)),
          digits: 2,
        },
        {
          name: "latency p99",
          unit: "ms",
          value: spread(pct(results.shop, 99)),
          baseline: spread(pct(results.baseline, 99)),
          // Issue 20's target (the baseline's own p99 is about 1.7 ms).
          target: { op: "<=", value: 4, text: "p99 ≤ 4 ms" },
          digits: 2,
        },
        {
          name: "shop event loop held, p99",
          unit: "ms",
          value: spread(results.shop.map((x) => x.loop?.p99Ms ?? 0)),
          target: { op: "<=", value: 1, text: "≤ 1 ms" },
          digits: 1,
        },
        {
          name: "server CPU per status change",
          unit: "ms",
          value: spread(results.shop.map((x) => x.cpuMsPerChange ?? 0)),
          baseline: spread(results.baseline.map((x) => x.cpuMsPerChange ?? 0)),
          digits: 3,
        },
        {
          name: "shop event loop held, longest",
          unit: "ms",
          value: spread(results.shop.map((x) => x.loop?.maxMs ?? 0)),
          digits: 1,
        },
      ];
      return {
        id: this.id,
        title: this.title,
        figures,
        notes: [
          `An open-loop sender at ${PER_SECOND} PUT /api/orders/:id/status per second, evenly paced on an absolute ` +
            `schedule (one call every ${1000 / PER_SECOND} ms, never a catch-up burst), over ${ORDERS} fresh orders per round ` +
            "(each toggles Pending ↔ Processing), as the demo admin. " +
            `${rounds} rounds of ${seconds} s per side after a 1 s warm-up, interleaved with the baseline.`,
          "Latency: from just before the PUT is handed to the HTTP client until the admin's socket.io client " +
            "(websocket, `order.watch`ed on each order) receives the first `order.updated` whose timeline includes that change (two changes folded into one update both count as heard then). " +
            "The standalone sends a status mail per change too (in-process queue → mail thread → outbox), as it does in use.",
          "Baseline: the same sender against the baseline server's PUT (zod + one INSERT + one emit).",
          "Server CPU per status change: the server process's user+system CPU time (/proc/<pid>/stat, every thread) " +
            "over the round, until its last update was heard, divided by the changes sent.",
          "Event loop held: the shop's event-loop delay over each round (prom-client's `nodejs_eventloop_lag_*` on /metrics, " +
            "scraped just before and just after the round; Node's monitorEventLoopDelay sampled every 10 ms by prom-client, the 10 ms interval taken off).",
          `Calls sent: ${sum(results.shop, (x) => x.sent)}; failed ${sum(results.shop, (x) => x.failed)}; ` +
            `updates never heard within 3 s: ${sum(results.shop, (x) => x.lost)} (baseline: ${sum(results.baseline, (x) => x.lost)}).`,
        ],
      };
    } finally {
      await Promise.all([shop.stop(), baseline.stop()]);
    }
  },
};
