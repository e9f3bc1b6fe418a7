import { randomUUID } from "node:crypto";
import { EventMetadata, isKnownEventType, parseEvent, Streams } from "@shop/contracts";
import type { RecordedEvent } from "@shop/platform";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { login, signupCustomer } from "../testing/client.ts";
import { otpFromOutbox, startTestShop, type TestShop } from "../testing/testShop.ts";
import { anyProduct, BOOKLIST_IMAGE, placeBookListImage } from "./fixtures.ts";

/** Every event in the log is an audit record: a known type, a valid schema version, who and why. */
describe("event integrity", () => {
  let shop: TestShop;
  const all = async (): Promise<RecordedEvent[]> => {
    const out: RecordedEvent[] = [];
    const head = await shop.events.headPosition();
    const stop = new AbortController();
    for await (const e of shop.events.subscribeToAll({ signal: stop.signal })) {
      out.push(e);
      if (e.position === head) break;
    }
    stop.abort();
    return out;
  };

  beforeAll(async () => {
    shop = await startTestShop();
    placeBookListImage(shop);
    const product = await anyProduct(shop);
    const customer = await signupCustomer(shop.url);
    const admin = await login(shop.url, "admin@example.com", "admin-pass-1");
    const rider = await login(shop.url, "delivery@example.com", "delivery-pass-1");
    const orderId = randomUUID();
    await customer.api.post("/api/orders", {
      orderId,
      items: [{ productId: product.id, quantity: 1 }],
      shippingAddress: "Pune",
    });
    await admin.api.put(`/api/orders/${orderId}/status`, { status: 2 });
    await rider.api.post(`/api/orders/${orderId}/delivery-otp`);
    await rider.api.post(`/api/orders/${orderId}/delivery-confirmation`, {
      otp: await otpFromOutbox(shop.outboxDir, customer.email),
    });
    await customer.api.post("/api/cart/items", { productId: product.id, quantity: 2 });
    await customer.api.post("/api/cart/checkout", { orderId: randomUUID(), shippingAddress: "Pune" });
    await customer.api.patch("/api/profile", { address: "Elsewhere" });
    await customer.api.post("/api/messages", { name: "A", email: "a@example.com", message: "Hi" });
    await customer.api.post("/api/booklists", { shippingAddress: "Pune", imageUrl: BOOKLIST_IMAGE });
  });
  afterAll(() => shop.destroy());

  it("gives every event a known type, valid data, a schema version, correlation ids and an actor", async () => {
    const events = await all();
    for (const e of events) {
      expect(isKnownEventType(e.type), e.type).toBe(true);
      expect(
        EventMetadata.safeParse(e.metadata).success,
        `${e.type} metadata ${JSON.stringify(e.metadata)}`,
      ).toBe(true);
      expect(() => parseEvent(e.type, e.data, e.metadata.schemaVersion)).not.toThrow();
    }
    const types = new Set(events.map((e) => e.type));
    console.log(`event integrity: ${events.length} events of ${types.size} types scanned`);
    expect(events.length).toBeGreaterThan(80);
  });

  it("names the person who acted, and the seed as the system", async () => {
    const events = await all();
    const changed = events.find((e) => e.type === "OrderStatusChanged");
    expect(changed?.metadata.actor).toMatchObject({ kind: "user", name: "Shop Admin", accType: 1 });
    const delivered = events.find((e) => e.type === "OrderDelivered");
    expect(delivered?.metadata.actor).toMatchObject({ kind: "user", accType: 2 });
    const seeded = events.find((e) => e.type === "ProductAdded");
    expect(seeded?.metadata.actor).toEqual({ kind: "system", name: "demo-seed" });
  });

  it("chains a checkout: the cart's event is caused by the order's, in the same correlation", async () => {
    const events = await all();
    const checkedOut = events.find((e) => e.type === "CartCheckedOut");
    if (!checkedOut) throw new Error("no checkout");
    const orderId = (checkedOut.data as { orderId: string }).orderId;
    const [placed] = await shop.events.readStream(Streams.order(orderId));
    expect(checkedOut.metadata.causationId).toBe(placed?.id);
    expect(checkedOut.metadata.correlationId).toBe(placed?.metadata.correlationId);
  });
});
