import { randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, login } from "../../testing/client.ts";
import { otpFromOutbox, startTestShop, type TestShop } from "../../testing/testShop.ts";
import { anyProduct } from "../fixtures.ts";
import { reportFinding } from "./report.ts";

const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8).padStart(3, "0");

describe("finding 14: the shop's data files are its own (0600, folders 0700)", () => {
  let parent: string;
  let shop: TestShop;
  beforeAll(async () => {
    // A DATA_DIR that does not exist yet: the shop makes it, as `npm start` does on a new machine.
    parent = mkdtempSync(join(tmpdir(), "shop-modes-"));
    shop = await startTestShop({ dataDir: join(parent, "data") });
  });
  afterAll(async () => {
    await shop.destroy();
    rmSync(parent, { recursive: true, force: true });
  });

  it("creates events.db, secrets.db, the session secret and the outbox's mails unreadable to other users", async () => {
    // A delivery OTP mail lands in the outbox.
    const customer = await login(shop.url, "customer@example.com", "customer-pass-1");
    const orderId = randomUUID();
    await customer.api.post("/api/orders", {
      orderId,
      items: [{ productId: (await anyProduct(shop)).id, quantity: 1 }],
      shippingAddress: "Pune",
    });
    const rider = await login(shop.url, "delivery@example.com", "delivery-pass-1");
    expect((await client(shop.url, rider.token).post(`/api/orders/${orderId}/delivery-otp`)).status).toBe(
      202,
    );
    await otpFromOutbox(shop.outboxDir, "customer@example.com");

    const files = [
      ...readdirSync(shop.dataDir)
        .filter((f) => /^(events|secrets)\.db(-wal|-shm)?$/.test(f) || f === "session-secret")
        .map((f) => join(shop.dataDir, f)),
      ...readdirSync(shop.outboxDir).map((f) => join(shop.outboxDir, f)),
    ];
    const folders = [shop.dataDir, shop.outboxDir];
    const seen = [...folders, ...files].map(
      (p) => `${p.slice(shop.dataDir.length) || "DATA_DIR"} ${modeOf(p)}`,
    );
    reportFinding(
      "dataFileModes",
      "list the modes of the event log, secrets, session secret and outbox another local user would read",
      seen.join(", "),
    );
    expect(files.some((f) => f.endsWith("events.db"))).toBe(true);
    expect(files.some((f) => f.endsWith("secrets.db"))).toBe(true);
    expect(files.some((f) => f.endsWith(".eml"))).toBe(true);
    for (const f of files) expect(modeOf(f), f).toBe("600");
    for (const d of folders) expect(modeOf(d), d).toBe("700");
  });
});
