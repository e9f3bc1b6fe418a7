import { randomUUID } from "node:crypto";
import type { Message, Page } from "@shop/contracts";
import { client, login, signupCustomer, startTestShop, type TestShop } from "@shop/standalone";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { after, appendEvents } from "../testing/append.ts";

describe("GET /api/messages", () => {
  let shop: TestShop;
  let position = "0";
  const sent: Message[] = [];

  beforeAll(async () => {
    shop = await startTestShop();
    for (let i = 0; i < 5; i++) {
      const message: Message = {
        id: randomUUID(),
        name: `Visitor ${i}`,
        email: `v${i}@example.com`,
        message: `Question ${i}`,
        // Two share a time: the id breaks the tie, the same way on every page.
        sentAt: new Date(Date.UTC(2026, 10, 22, 9, Math.min(i, 3))).toISOString(),
      };
      const { id, ...rest } = message;
      position = await appendEvents(shop.events, `message-${id}`, [
        { type: "MessageSent", data: { messageId: id, ...rest } },
      ]);
      sent.push(message);
    }
  });
  afterAll(() => shop.destroy());

  it("pages the messages newest first for admins, nextCursor only while more exist", async () => {
    const admin = await login(shop.url, "admin@example.com", "admin-pass-1");
    const seen: Message[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const res = await admin.api.get<Page<Message>>(
        `/api/messages?limit=2${cursor ? `&cursor=${cursor}` : ""}`,
        after(position),
      );
      expect(res.status).toBe(200);
      seen.push(...res.body.items);
      cursor = res.body.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    const newestFirst = [...sent].sort((a, b) =>
      a.sentAt === b.sentAt ? (a.id < b.id ? 1 : -1) : a.sentAt < b.sentAt ? 1 : -1,
    );
    expect(seen).toEqual(newestFirst);
  });

  it("is for admins only", async () => {
    const customer = await signupCustomer(shop.url);
    const rider = await login(shop.url, "delivery@example.com", "delivery-pass-1");
    for (const api of [customer.api, rider.api]) {
      const res = await api.get("/api/messages");
      expect(res.status).toBe(403);
      expect(res.body.detail).toBe("You Don't have Admin Permissions");
    }
    const anonymous = await client(shop.url).get("/api/messages");
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.detail).toBe("Login First!");
  });

  it("answers 400 for unknown parameters and limits out of range", async () => {
    const admin = await login(shop.url, "admin@example.com", "admin-pass-1");
    expect((await admin.api.get("/api/messages?limit=500")).status).toBe(400);
    expect((await admin.api.get("/api/messages?from=me")).status).toBe(400);
  });
});
