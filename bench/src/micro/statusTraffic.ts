/**
 * Probe: scenario 2's traffic without its timing: 50 fresh orders, the demo admin's socket watching
 * each, then `perSecond` status changes per second (each order toggling Pending ↔ Processing) for
 * `seconds`, against a running shop. For heap snapshots or traces taken while it runs.
 * `npx node bench/src/micro/statusTraffic.ts http://127.0.0.1:3000 [seconds=10] [perSecond=200]`.
 */
import { request } from "undici";
import {
  connectSocket,
  DEMO_ADMIN,
  listedProductIds,
  login,
  orderBody,
  placeOrder,
  signup,
} from "../lib/shopApi.ts";
import { sleep } from "../lib/time.ts";

const [base, secondsArg, rateArg] = process.argv.slice(2);
if (!base) throw new Error("usage: statusTraffic.ts <origin> [seconds] [perSecond]");
const seconds = Number(secondsArg ?? 10);
const perSecond = Number(rateArg ?? 200);
const products = await listedProductIds(base);
const customer = await signup(base, 1);
const admin = await login(base, DEMO_ADMIN.email, DEMO_ADMIN.password);
const socket = await connectSocket(base, admin);
let heard = 0;
socket.on("order.updated", () => {
  heard += 1;
});
const ids: string[] = [];
for (let i = 0; i < 50; i++) {
  const body = orderBody(products, i);
  await placeOrder(base, customer.token, body);
  await socket.timeout(5000).emitWithAck("order.watch", { orderId: body.orderId });
  ids.push(body.orderId);
}
const changes = new Map<string, number>();
const started = performance.now();
let sent = 0;
let failed = 0;
const inFlight = new Set<Promise<void>>();
while (performance.now() - started < seconds * 1000) {
  const due = started + (sent * 1000) / perSecond;
  const wait = due - performance.now();
  if (wait > 0) await sleep(wait);
  const id = ids[sent % ids.length]!;
  const n = (changes.get(id) ?? 0) + 1;
  changes.set(id, n);
  const call = request(`${base}/api/orders/${id}/status`, {
    method: "PUT",
    headers: { authorization: `Bearer ${admin}`, "content-type": "application/json" },
    body: JSON.stringify({ status: n % 2 === 1 ? 2 : 1 }),
  }).then(
    async (res) => {
      await res.body.text();
      if (res.statusCode !== 200) failed += 1;
    },
    () => {
      failed += 1;
    },
  );
  inFlight.add(call);
  void call.finally(() => inFlight.delete(call));
  sent += 1;
}
await Promise.all(inFlight);
await sleep(500);
socket.close();
console.log(JSON.stringify({ sent, failed, heard }));
