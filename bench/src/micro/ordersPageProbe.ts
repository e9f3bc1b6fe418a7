/**
 * Probe (RESULTS.md, seventh session): `GET /api/orders?scope=all` back to back on one connection
 * against a running shop, as the demo admin; prints p50, p99 and each call over 2 ms with its start
 * time (ms since the epoch, to set beside the shop's `--trace-gc` lines).
 * `npx node bench/src/micro/ordersPageProbe.ts http://localhost:3000 [calls]`.
 */
import { request } from "undici";
import { DEMO_ADMIN, login } from "../lib/shopApi.ts";

const [base, callsArg] = process.argv.slice(2);
if (!base) throw new Error("usage: ordersPageProbe.ts <origin> [calls]");
const calls = Number(callsArg ?? 3000);
const token = await login(base, DEMO_ADMIN.email, DEMO_ADMIN.password);
const headers = { authorization: `Bearer ${token}` };
const timed: [startedAt: number, ms: number][] = [];
for (let i = 0; i < calls; i++) {
  const t0 = performance.now();
  const res = await request(`${base}/api/orders?scope=all`, { headers });
  await res.body.text();
  if (res.statusCode !== 200) throw new Error(`orders page answered ${res.statusCode}`);
  timed.push([Math.round(performance.timeOrigin + t0), performance.now() - t0]);
}
const sorted = timed.map(([, ms]) => ms).sort((a, b) => a - b);
const at = (p: number) =>
  Number(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!.toFixed(2));
process.stdout.write(
  `${JSON.stringify({
    calls,
    p50: at(0.5),
    p99: at(0.99),
    over2ms: timed.filter(([, ms]) => ms > 2).map(([t, ms]) => [t, Number(ms.toFixed(1))]),
  })}\n`,
);
