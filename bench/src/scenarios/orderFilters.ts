import { randomUUID } from "node:crypto";
import { cpSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { CURRENT_SCHEMA_VERSION } from "@shop/contracts";
import { appendOrders, catalogueLines, seededTemplate, statusMailsSent } from "../lib/eventLog.ts";
import { closedLoop, type LoadResult } from "../lib/load.ts";
import { startServerProcess } from "../lib/processes.ts";
import type { Figure } from "../lib/report.ts";
import type { Scenario } from "../lib/scenario.ts";
import { BENCH_SHOP_ENV, DEMO_ADMIN, login } from "../lib/shopApi.ts";
import { percentile, spread } from "../lib/stats.ts";
import { interleave } from "../lib/time.ts";

/**
 * Moves a third of the generated orders to Processing and a third to Delivered, so the status
 * filter meets a realistic mix (the generator leaves every order Pending).
 */
const mixStatuses = (file: string): void => {
  const db = new DatabaseSync(file);
  db.exec("PRAGMA journal_mode = WAL");
  db.exec("PRAGMA synchronous = OFF");
  const insert = db.prepare(
    "INSERT INTO events (id, stream, revision, type, data, metadata, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
  );
  const placed = db
    .prepare("SELECT stream, json_extract(data, '$.placedAt') AS at FROM events WHERE type = 'OrderPlaced'")
    .all() as { stream: string; at: string }[];
  const actor = { kind: "user", userId: randomUUID(), name: "Admin", accType: 1 };
  db.exec("BEGIN");
  placed.forEach(({ stream, at }, i) => {
    if (i % 3 === 0) return;
    const orderId = stream.slice("order-".length);
    const when = new Date(Date.parse(at) + 3_600_000).toISOString();
    const [type, data] =
      i % 3 === 1
        ? ["OrderStatusChanged", { orderId, from: 1, to: 2, changedAt: when }]
        : ["OrderDelivered", { orderId, from: 1, deliveredAt: when }];
    const id = randomUUID();
    const metadata = {
      schemaVersion: CURRENT_SCHEMA_VERSION(type),
      correlationId: id,
      causationId: id,
      actor,
    };
    insert.run(id, stream, 1, type, JSON.stringify(data), JSON.stringify(metadata), when);
  });
  db.exec("COMMIT");
  db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  db.close();
};

interface Kind {
  name: string;
  /** The query string of call `i` (after `scope=all`). */
  query: (i: number) => string;
}

/** 8. The admin's filtered orders list at 100 k orders, one figure per filter. */
export const orderFilters: Scenario = {
  id: "8",
  title: "Filtered admin orders list with 100 k orders",
  async run(ctx) {
    const orders = ctx.quick ? 20_000 : 100_000;
    const rounds = ctx.quick ? 2 : 4;
    const perRound = ctx.quick ? 100 : 300;
    const dir = join(ctx.workDir, "order-filters");
    const data = join(dir, "shop");
    cpSync(await seededTemplate(ctx.workDir), data, { recursive: true });
    const file = join(data, "events.db");
    const lines = catalogueLines(file);
    const generated = performance.now();
    appendOrders(file, { orders, eventsPerOrder: 1, lines });
    mixStatuses(file);
    await statusMailsSent(data);
    ctx.log(`  ${orders} orders generated in ${((performance.now() - generated) / 1000).toFixed(1)} s`);
    const schools = [...new Set(lines.flatMap((l) => (l.schoolId ? [l.schoolId] : [])))];
    if (schools.length === 0) throw new Error("the demo catalogue has no school books");
    const shop = await startServerProcess({
      script: "shop.js",
      env: { ...BENCH_SHOP_ENV, DATA_DIR: data },
      logFile: join(dir, "shop.log"),
      timeoutMs: 300_000,
    });
    ctx.log(`  booted on the ${orders}-order log in ${(shop.bootMs / 1000).toFixed(1)} s`);
    try {
      const token = await login(shop.url, DEMO_ADMIN.email, DEMO_ADMIN.password);
      const auth = { authorization: `Bearer ${token}` };
      // Orders are a minute apart from 2025-01-01 (UTC): an IST day in the middle of the log.
      const day = new Date(Date.UTC(2025, 0, 1) + Math.floor(orders / 2) * 60_000).toISOString().slice(0, 10);
      const kinds: Kind[] = [
        // Scenario 3's unfiltered first page, in the same rounds: what the machine's noise does to any p99.
        { name: "no filter", query: () => "limit=50" },
        { name: "status", query: (i) => `status=${1 + (i % 3)}` },
        { name: "one IST day", query: () => `from=${day}&to=${day}` },
        { name: "school", query: (i) => `school=${schools[i % schools.length]}` },
        {
          name: "customer (name, e-mail or phone)",
          query: (i) => {
            const c = (i * 37) % 1000;
            const terms = [`Customer ${c}`, `customer.${c}@example.com`, `9${String(c).padStart(9, "0")}`];
            return `customer=${encodeURIComponent(terms[i % 3]!)}`;
          },
        },
        {
          // Partly typed ids: 2 characters match about 1 in 256 orders, 3 about 1 in 4,096.
          name: "order id prefix (2–3 characters)",
          query: (i) =>
            `orderId=${((i * 2654435761) >>> 0)
              .toString(16)
              .padStart(8, "0")
              .slice(0, 2 + (i % 2))}`,
        },
        {
          name: "status + school + date range",
          query: (i) =>
            `status=${1 + (i % 3)}&school=${schools[i % schools.length]}&from=2025-01-15&to=2025-02-15`,
        },
      ];
      // Each filter finds orders (a bench of empty answers would measure nothing).
      for (const k of kinds) {
        const res = await fetch(`${shop.url}/api/orders?scope=all&${k.query(1)}`, { headers: auth });
        const body = (await res.json()) as { items?: unknown[] };
        if (res.status !== 200 || !body.items?.length)
          throw new Error(`${k.name} answered ${res.status} with ${body.items?.length ?? 0} orders`);
        ctx.log(`  ${k.name} (${k.query(1)}): ${body.items.length} orders on the first page`);
      }
      const run = (k: Kind, calls: number) =>
        closedLoop({
          origin: shop.url,
          connections: 1,
          durationMs: 60_000,
          maxCalls: calls,
          call: (i) => ({ method: "GET", path: `/api/orders?scope=all&${k.query(i)}`, headers: auth }),
        });
      ctx.log("  warm-up");
      for (const k of kinds) await run(k, 50);
      const results = new Map<string, LoadResult[]>(kinds.map((k) => [k.name, []]));
      await interleave<Kind>(kinds, rounds, async (k, r) => {
        const res = await run(k, perRound);
        results.get(k.name)?.push(res);
        ctx.log(
          `  round ${r + 1} ${k.name}: p50 ${percentile(res.latenciesMs, 50).toFixed(2)} ms, p99 ${percentile(res.latenciesMs, 99).toFixed(2)} ms, failed ${res.failed}`,
        );
      });
      ctx.memory.push({
        phase: `8. standalone serving filtered lists over ${orders} orders`,
        ...shop.memory(),
      });
      const target = { op: "<=" as const, value: 10, text: "p99 ≤ 10 ms" };
      const figures: Figure[] = kinds.flatMap((k) => {
        const rs = results.get(k.name) ?? [];
        return [
          {
            name: `${k.name}: p50`,
            unit: "ms",
            value: spread(rs.map((x) => percentile(x.latenciesMs, 50))),
            digits: 2,
          },
          {
            name: `${k.name}: p99`,
            unit: "ms",
            value: spread(rs.map((x) => percentile(x.latenciesMs, 99))),
            target,
            digits: 2,
          },
        ];
      });
      const failed = [...results.values()].flat().reduce((n, x) => n + x.failed, 0);
      return {
        id: this.id,
        title: this.title,
        figures,
        notes: [
          `${orders.toLocaleString("en-US")} generated orders (1–3 demo products each, school books carrying their school, ` +
            "1,000 customers with their own phone numbers, one a minute from 2025-01-01), a third moved to Processing and " +
            "a third Delivered, appended to the seeded standalone's SQLite log; the standalone then booted on it (the " +
            "projector replays it into the in-memory read models with every index of `ordersCollection`). Their status " +
            "mails count as sent (the mail subscription's checkpoint at the log's end), so none is rendered while measuring.",
          "`GET /api/orders?scope=all&…` as the demo admin, first page of 50, newest first. Filters cycle: status 1/2/3; " +
            `the IST day ${day}; each demo school; a customer's name, e-mail or phone (one of 1,000, in turn); a 2- or 3-character ` +
            "short-id prefix; status with school and a month. " +
            `One connection, calls back to back: ${perRound} of each per round, ${rounds} rounds, alternating (ABBA).`,
          `Failed calls: ${failed}.`,
        ],
      };
    } finally {
      await shop.stop();
    }
  },
};
