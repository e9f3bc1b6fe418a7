/**
 * Probe: what filing an order in the orders collection's indexes costs at a realistic size. Stores
 * `base` generated orders (1,000 customers, six schools and none, a year of placements) in an
 * embedded collection with every index of `ordersCollection`, then times `rounds` × `batch` new
 * orders (placed now, Pending) stored one by one, and as many status changes (replaceOne of one
 * order with its status moved), reporting µs per write, median of rounds.
 * `npx node bench/src/micro/indexInserts.ts [base=100000] [rounds=7] [batch=2000]`.
 */
import { randomUUID } from "node:crypto";
import { type OrderDoc, ordersCollection } from "@shop/contracts";
import { orderDoc } from "@shop/contracts/testing";
import { createMemoryDocumentStore } from "@shop/platform";
import { median } from "../lib/stats.ts";

const [baseArg, roundsArg, batchArg] = process.argv.slice(2);
const base = Number(baseArg ?? 100_000);
const rounds = Number(roundsArg ?? 7);
const batch = Number(batchArg ?? 2_000);

const customers = Array.from({ length: 1_000 }, (_, i) => ({
  userId: randomUUID(),
  name: `Customer ${i}`,
  email: `customer${i}@example.com`,
  contact: `98${String(i).padStart(8, "0")}`,
}));
const schools = [null, ...Array.from({ length: 6 }, () => randomUUID())];
const start = Date.parse("2025-11-28T00:00:00Z");
let n = 0;
const order = (placedAt: string): OrderDoc => {
  n += 1;
  const customer = customers[n % customers.length]!;
  const schoolId = schools[n % schools.length] ?? undefined;
  const doc = orderDoc(
    {
      orderId: randomUUID(),
      customer,
      placedAt,
      items: [
        {
          productId: randomUUID(),
          kind: schoolId ? "book" : "notebook",
          title: "Classmate Notebook",
          author: "Classmate",
          imageUrl: "/media/stationeries/classmate.png",
          pricePaise: 6500,
          discountPaise: 500,
          quantity: 1 + (n % 3),
          ...(schoolId && { schoolId }),
        },
      ],
    },
    String(n),
  );
  return { ...doc, status: ((n % 3) + 1) as 1 | 2 | 3 };
};

const store = createMemoryDocumentStore();
const orders = store.collection<OrderDoc>(ordersCollection.name);
for (const index of ordersCollection.indexes) await orders.createIndex(index.keys, { unique: index.unique });
const span = Date.now() - start;
const history: OrderDoc[] = [];
for (let i = 0; i < base; i++) history.push(order(new Date(start + (span * i) / base).toISOString()));
await orders.storeMany(history);

const inserts: number[] = [];
const changes: number[] = [];
for (let r = 0; r < rounds; r++) {
  const fresh = Array.from({ length: batch }, () => ({
    ...order(new Date().toISOString()),
    status: 1 as const,
  }));
  let t = performance.now();
  for (const doc of fresh) await orders.replaceOne({ _id: doc._id }, doc, { upsert: true });
  inserts.push(((performance.now() - t) * 1000) / batch);
  t = performance.now();
  for (const doc of fresh) await orders.replaceOne({ _id: doc._id }, { ...doc, status: 2 }, { upsert: true });
  changes.push(((performance.now() - t) * 1000) / batch);
}
const fmt = (xs: number[]) =>
  `${median(xs).toFixed(1)} µs (${Math.min(...xs).toFixed(1)}–${Math.max(...xs).toFixed(1)})`;
console.log(`${base} orders: insert ${fmt(inserts)}, status change ${fmt(changes)}`);
