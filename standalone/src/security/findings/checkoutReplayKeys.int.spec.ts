import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signupCustomer } from "../../testing/client.ts";
import { startTestShop, type TestShop } from "../../testing/testShop.ts";
import { anyProduct } from "../fixtures.ts";
import { reportFinding } from "./report.ts";

const ORDERS_LIMIT = 3;
const REPLAYS = 12;

/** Idempotency answers the shop keeps (a day each) in DATA_DIR/secrets.db. */
const storedAnswers = (dataDir: string): number => {
  const db = new DatabaseSync(join(dataDir, "secrets.db"), { readOnly: true });
  try {
    const row = db
      .prepare("SELECT count(*) AS n FROM secrets WHERE key LIKE 'idem:%' AND key NOT LIKE '%:running'")
      .get() as { n: number };
    return row.n;
  } finally {
    db.close();
  }
};

/**
 * A checkout retried with an order id the cart was already checked out into is answered with that
 * order again, with no work and, unlike POST /api/orders' retry, nothing counted. Sent again and
 * again with a fresh Idempotency-Key each time, every one of those 201s was kept for a day in the
 * secrets store: one free account grew the store (and its disk writes) by as many requests as it
 * could send, where every other command a customer may repeat is under an hourly limit.
 */
describe("fresh attack: a finished checkout replayed with new Idempotency-Keys", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop({ env: { RATE_LIMIT_ORDERS: String(ORDERS_LIMIT) } });
  });
  afterAll(() => shop.destroy());

  it("counts each replay against the hourly order limit: past it 429, and no answer is kept", async () => {
    const product = await anyProduct(shop);
    const customer = await signupCustomer(shop.url, "Checkout Replayer");
    expect((await customer.api.post("/api/cart/items", { productId: product.id })).status).toBe(200);
    const orderId = randomUUID();
    const body = { orderId, shippingAddress: "1 Test Street, Nagpur" };
    expect((await customer.api.post("/api/cart/checkout", body)).status).toBe(201);
    const before = storedAnswers(shop.dataDir);

    const statuses: number[] = [];
    let refused: { status: number; body: { detail?: string }; headers: Headers } | undefined;
    for (let i = 0; i < REPLAYS; i++) {
      const res = await customer.api.post<{ detail?: string }>("/api/cart/checkout", body, {
        "idempotency-key": randomUUID(),
      });
      statuses.push(res.status);
      if (res.status === 429) refused ??= res;
    }
    const kept = storedAnswers(shop.dataDir) - before;
    reportFinding(
      "checkout replay keys",
      `check a cart out, then send the same checkout ${REPLAYS} times with a new Idempotency-Key each (orders limit ${ORDERS_LIMIT} an hour)`,
      `${statuses.filter((s) => s === 201).length}×201, ${statuses.filter((s) => s === 429).length}×429; answers kept: ${kept}`,
    );
    // The first checkout took one of the hour's orders; each replay takes one more.
    expect(statuses).toEqual([
      ...Array(ORDERS_LIMIT - 1).fill(201),
      ...Array(REPLAYS - ORDERS_LIMIT + 1).fill(429),
    ]);
    expect(refused?.body.detail).toBe("Too many requests, try again later");
    expect(Number(refused?.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(kept).toBeLessThanOrEqual(ORDERS_LIMIT - 1);
    // The order is still the customer's and the cart stays checked out.
    expect((await customer.api.get(`/api/orders/${orderId}`)).status).toBe(200);
  });
});
