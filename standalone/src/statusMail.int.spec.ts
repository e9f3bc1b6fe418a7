import { randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Page, Product } from "@shop/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, login, signupCustomer } from "./testing/client.ts";
import { otpFromOutbox, startTestShop, type TestShop } from "./testing/testShop.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("status mails", () => {
  let shop: TestShop;

  /** The status mails (by their message id) in the outbox to `to`. */
  const statusMails = async (to: string) => {
    const files = (await readdir(shop.outboxDir).catch(() => [] as string[])).filter((f) =>
      f.endsWith(".eml"),
    );
    const raws = await Promise.all(files.map((f) => readFile(join(shop.outboxDir, f), "utf8")));
    return raws.filter((raw) => raw.includes(`To: ${to}`) && /Message-ID: <status-/i.test(raw));
  };
  const waitForStatusMails = async (to: string, count: number) => {
    const deadline = Date.now() + 5000;
    for (;;) {
      const mails = await statusMails(to);
      if (mails.length >= count || Date.now() > deadline) return mails;
      await sleep(50);
    }
  };

  beforeAll(async () => {
    shop = await startTestShop();
  });
  afterAll(() => shop.destroy());

  it("sends the customer exactly one mail per status change and one on delivery", async () => {
    const products = await client(shop.url).get<Page<Product>>("/api/products?kind=notebook");
    const notebook = products.body.items[0];
    if (!notebook) throw new Error("no demo notebook");
    const customer = await signupCustomer(shop.url, "Ravi Kumar");
    const orderId = randomUUID();
    const placed = await customer.api.post("/api/orders", {
      orderId,
      items: [{ productId: notebook.id, quantity: 2 }],
      shippingAddress: "3 Temple Road, Madurai",
    });
    expect(placed.status).toBe(201);
    await sleep(200);
    expect(await statusMails(customer.email)).toHaveLength(0);

    const admin = await login(shop.url, "admin@example.com", "admin-pass-1");
    expect((await admin.api.put(`/api/orders/${orderId}/status`, { status: 2 })).status).toBe(200);
    const [processing] = await waitForStatusMails(customer.email, 1);
    expect(processing).toMatch(new RegExp(`Subject: Your order ${orderId.slice(-8)} is now Processing`));

    // Setting the same status again appends nothing, so it mails nothing; nor does a moment's wait.
    expect((await admin.api.put(`/api/orders/${orderId}/status`, { status: 2 })).status).toBe(200);
    await sleep(300);
    expect(await statusMails(customer.email)).toHaveLength(1);

    const rider = await login(shop.url, "delivery@example.com", "delivery-pass-1");
    expect((await rider.api.post(`/api/orders/${orderId}/delivery-otp`)).status).toBe(202);
    const otp = await otpFromOutbox(shop.outboxDir, customer.email);
    expect((await rider.api.post(`/api/orders/${orderId}/delivery-confirmation`, { otp })).status).toBe(200);
    const mails = await waitForStatusMails(customer.email, 2);
    await sleep(300);
    expect(await statusMails(customer.email)).toHaveLength(2);
    expect(mails.some((m) => m.includes(`Subject: Your order ${orderId.slice(-8)} has been delivered`))).toBe(
      true,
    );
  });
});
