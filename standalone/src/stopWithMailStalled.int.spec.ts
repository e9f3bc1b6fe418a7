import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fakeSmtp } from "@shop/platform/testing/fakeSmtp";
import { afterAll, describe, expect, it } from "vitest";
import { client, login } from "./testing/client.ts";
import { type ShopChild, startShopChild } from "./testing/shopChild.ts";
import { until } from "./testing/until.ts";

/**
 * A fault probe: a SIGTERM while a mail was being sent to an SMTP relay that had stopped answering
 * (it took the message and never acknowledged its end) ended in the forced exit after 9 s, code 1,
 * "shutdown took too long": the mail thread's close waited for the stuck send.
 */
describe("stopping the shop while its SMTP relay holds a mail unanswered", () => {
  let shop: ShopChild | undefined;
  const relay = fakeSmtp("stall");
  const dataDir = mkdtempSync(join(tmpdir(), "stalled-mail-stop-"));
  afterAll(async () => {
    await shop?.stop();
    (await relay).close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("saves the read models and exits 0 within compose's 10 s", async () => {
    const smtp = await relay;
    shop = await startShopChild({ DATA_DIR: dataDir, SMTP_URL: smtp.url, LOG_LEVEL: "info" });
    const admin = await login(shop.base, "admin@example.com", "admin-pass-1");
    const customer = await login(shop.base, "customer@example.com", "customer-pass-1");
    const { items } = (
      await client(shop.base).get<{ items: { id: string }[] }>("/api/products?kind=notebook")
    ).body;
    const placed = await customer.api.post<{ orderId: string }>("/api/orders", {
      orderId: randomUUID(),
      items: [{ productId: items[0]!.id, quantity: 1 }],
      shippingAddress: "1 Test Street, Nagpur",
    });
    expect(placed.status).toBe(201);
    expect((await admin.api.post(`/api/orders/${placed.body.orderId}/delivery-otp`)).status).toBe(202);
    await until(() => smtp.stalled() > 0, 20_000, "the OTP mail sent to the relay, its end unanswered");

    const { code, seconds } = await shop.terminate();
    console.log(`[fault] stopWithMailStalled | exit ${code} after ${seconds.toFixed(1)} s`);
    expect(code).toBe(0);
    expect(seconds).toBeLessThan(10);
    expect(existsSync(join(dataDir, "read-models.db"))).toBe(true);
  }, 60_000);
});
