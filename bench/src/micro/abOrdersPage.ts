/**
 * Probe: an A/B of the orders page (scenario 3's `GET /api/orders?scope=all`, as the demo admin,
 * back to back on one connection) on two shops at once, so the host's drift falls on both sides
 * alike. Each shop starts on its own copy of AB_DATA (a kept data folder with orders, e.g.
 * `golden-100000` from `npm run bench -- --only=3 --keep`), from this checkout or AB_DIR_A /
 * AB_DIR_B (with AB_ENV_* and AB_FLAGS_* as in abShops.ts). Blocks alternate ABBA; each block
 * gives its p50, p99 and the child's CPU per call (every thread's /proc schedstat run time).
 * `AB_DATA=… npx node bench/src/micro/abOrdersPage.ts [blocks] [calls per block]`.
 */
import { cpSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { request } from "undici";
import { startAbShop, threadStats } from "../lib/abShops.ts";
import type { ServerProcess } from "../lib/processes.ts";
import { DEMO_ADMIN, login } from "../lib/shopApi.ts";
import { median } from "../lib/stats.ts";

const [blocksArg, perBlockArg] = process.argv.slice(2);
const blocks = Number(blocksArg ?? 8);
const perBlock = Number(perBlockArg ?? 3000);
const data = process.env.AB_DATA;
if (!data) throw new Error("AB_DATA: a kept data folder with orders");
const dir = mkdtempSync(join(tmpdir(), "ab-orders-page-"));

const runNs = (pid: number): number => threadStats(pid).reduce((sum, t) => sum + t.runNs, 0);

interface Side {
  name: string;
  shop: ServerProcess;
  headers: Record<string, string>;
  p50: number[];
  p99: number[];
  cpu: number[];
}

const start = async (name: string): Promise<Side> => {
  cpSync(data, join(dir, name), { recursive: true });
  const shop = await startAbShop(name, dir);
  const token = await login(shop.url, DEMO_ADMIN.email, DEMO_ADMIN.password);
  return { name, shop, headers: { authorization: `Bearer ${token}` }, p50: [], p99: [], cpu: [] };
};

const calls = async (s: Side, n: number): Promise<number[]> => {
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const res = await request(`${s.shop.url}/api/orders?scope=all`, { headers: s.headers });
    await res.body.text();
    if (res.statusCode !== 200) throw new Error(`orders page answered ${res.statusCode}`);
    ms.push(performance.now() - t0);
  }
  return ms.sort((a, b) => a - b);
};

const sides = [await start("A"), await start("B")];
try {
  for (const s of sides) await calls(s, 2000);
  for (let b = 0; b < blocks; b++) {
    for (const s of b % 2 === 0 ? sides : [...sides].reverse()) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const cpu0 = runNs(s.shop.pid);
      const ms = await calls(s, perBlock);
      s.cpu.push((runNs(s.shop.pid) - cpu0) / 1e6 / perBlock);
      s.p50.push(ms[Math.floor(ms.length * 0.5)]!);
      s.p99.push(ms[Math.floor(ms.length * 0.99)]!);
    }
  }
  const fixed = (xs: number[], digits = 2) => xs.map((x) => Number(x.toFixed(digits)));
  for (const s of sides) {
    process.stdout.write(
      `${JSON.stringify({
        side: s.name,
        cpuMsPerCallMedian: Number(median(s.cpu).toFixed(3)),
        p50Median: Number(median(s.p50).toFixed(2)),
        p99Median: Number(median(s.p99).toFixed(2)),
        cpuMsPerCall: fixed(s.cpu, 3),
        p99: fixed(s.p99),
      })}\n`,
    );
  }
  const ratio = (pick: (s: Side) => number[]) => {
    const [a, b] = sides.map(pick) as [number[], number[]];
    const r = b.map((x, i) => x / a[i]!);
    return `median ${median(r).toFixed(3)} (${r.map((x) => x.toFixed(2)).join(" ")})`;
  };
  process.stdout.write(`B ÷ A per block: CPU ${ratio((s) => s.cpu)}; p99 ${ratio((s) => s.p99)}\n`);
} finally {
  await Promise.all(sides.map((s) => s.shop.stop()));
}
