import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { emptyWal, mountSmallDisk, type SmallDisk } from "@shop/platform/testing/smallDisk";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Answer, client, login, signupCustomer } from "./testing/client.ts";
import { startTestShop, type TestShop } from "./testing/testShop.ts";

const mounted = mountSmallDisk(64);
const disk: SmallDisk | null = "unavailable" in mounted ? null : mounted;
if ("unavailable" in mounted) console.log(`[skipped] the shop on a full disk: ${mounted.unavailable}`);

/**
 * The embedded shop whose data folder's disk fills up (a probe of the running shop found every
 * command answered 500, and the process ended a minute later). A full disk is an outage: each
 * command is answered 503 with Retry-After in the problem format and changes nothing; reads go on;
 * the process stays up; once there is room, the same commands work.
 */
describe.skipIf(disk === null)(
  "the shop on a full disk (its data folder on a tmpfs of the suite's own)",
  () => {
    let shop: TestShop;
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);

    beforeAll(async () => {
      process.on("uncaughtException", onUncaught);
      const dataDir = join(disk!.dir, "data");
      mkdirSync(dataDir);
      shop = await startTestShop({ dataDir });
    });
    afterAll(async () => {
      disk?.free();
      await shop?.destroy();
      process.off("uncaughtException", onUncaught);
      disk?.destroy();
    });

    it("answers every command 503 with Retry-After and changes nothing, serves reads, and works again once there is room", async () => {
      const base = shop.url;
      const admin = await login(base, "admin@example.com", "admin-pass-1");
      const customer = await signupCustomer(base);
      const { items } = (await client(base).get<{ items: { id: string }[] }>("/api/products?kind=notebook"))
        .body;
      const orderBody = () => ({
        orderId: randomUUID(),
        items: [{ productId: items[0]!.id, quantity: 1 }],
        shippingAddress: "1 Test Street, Nagpur",
      });
      const placed = await customer.api.post<{ orderId: string }>("/api/orders", orderBody());
      expect(placed.status).toBe(201);
      const orderId = placed.body.orderId;
      const history = async () =>
        (await admin.api.get<{ items: { type: string }[] }>(`/api/orders/${orderId}/events`)).body.items.map(
          (e) => e.type,
        );
      const myOrders = async () =>
        (await customer.api.get<{ items: unknown[] }>("/api/orders?scope=mine")).body.items.length;
      expect(await history()).toEqual(["OrderPlaced"]);

      const image = await sharp({ create: { width: 32, height: 32, channels: 3, background: "#1565c0" } })
        .png()
        .toBuffer();
      for (const db of ["events.db", "secrets.db"]) await emptyWal(join(shop.dataDir, db));
      disk!.fill();

      const commands: Record<string, () => Promise<Answer>> = {
        "place an order": () => customer.api.post("/api/orders", orderBody()),
        "change its status": () => admin.api.put(`/api/orders/${orderId}/status`, { status: 2 }),
        "send a delivery OTP": () => admin.api.post(`/api/orders/${orderId}/delivery-otp`),
        "sign up": () =>
          client(base).post("/api/auth/signup", {
            name: "Full Disk",
            email: `full.${Date.now()}@example.com`,
            contact: "+91 90000 00000",
            password: "a-long-password",
            address: "1 Test Street, Nagpur",
          }),
        "upload a catalogue image": async () => {
          const form = new FormData();
          form.append("folder", "books");
          form.append("file", new Blob([image], { type: "image/png" }), "cover.png");
          const res = await fetch(`${base}/api/uploads`, {
            method: "POST",
            body: form,
            headers: { authorization: `Bearer ${admin.token}` },
          });
          return {
            status: res.status,
            body: (await res.json()) as Record<string, unknown>,
            headers: res.headers,
          };
        },
        "write to the shop": () =>
          client(base).post("/api/messages", { name: "A", email: "a@example.com", message: "hello there" }),
      };
      for (const [what, command] of Object.entries(commands)) {
        const answer = await command();
        expect(answer.status, `${what}: ${JSON.stringify(answer.body)}`).toBe(503);
        expect(answer.headers.get("content-type"), what).toMatch(/application\/problem\+json/);
        expect(Number(answer.headers.get("retry-after")), what).toBeGreaterThan(0);
      }
      // Nothing changed, and reads are served.
      expect(await history()).toEqual(["OrderPlaced"]);
      expect(await myOrders()).toBe(1);
      expect((await customer.api.get<{ status: number }>(`/api/orders/${orderId}`)).body.status).toBe(1);
      expect((await client(base).get("/readyz")).status).toBe(200);

      disk!.free();
      expect((await customer.api.post("/api/orders", orderBody())).status).toBe(201);
      expect((await admin.api.put(`/api/orders/${orderId}/status`, { status: 2 })).status).toBe(200);
      expect(await history()).toEqual(["OrderPlaced", "OrderStatusChanged"]);
      expect(await myOrders()).toBe(2);
      expect(uncaught).toEqual([]);
    }, 60_000);
  },
);
