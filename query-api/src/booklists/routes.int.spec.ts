import { randomUUID } from "node:crypto";
import type { BookList, Page } from "@shop/contracts";
import { client, login, signupCustomer, startTestShop, type TestShop } from "@shop/standalone";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { after, appendEvents } from "../testing/append.ts";

describe("GET /api/booklists", () => {
  let shop: TestShop;
  let position = "0";
  const ids = [randomUUID(), randomUUID(), randomUUID()];
  const orderId = randomUUID();

  beforeAll(async () => {
    shop = await startTestShop();
    const customer = await signupCustomer(shop.url, "Meera");
    for (const [i, bookListId] of ids.entries()) {
      await appendEvents(shop.events, `booklist-${bookListId}`, [
        {
          type: "BookListUploaded",
          data: {
            bookListId,
            customer: {
              userId: customer.user.id,
              name: "Meera",
              email: customer.email,
              contact: "+91 90000 00000",
            },
            shippingAddress: "1 Test Street, Nagpur",
            imageUrl: `/media/bookList/list${i}.png`,
            uploadedAt: new Date(Date.UTC(2026, 10, 20 + i)).toISOString(),
          },
        },
      ]);
    }
    await appendEvents(shop.events, `booklist-${ids[0]}`, [
      {
        type: "BookListOrdered",
        data: { bookListId: ids[0] as string, orderId, orderedAt: "2026-11-23T00:00:00.000Z" },
      },
    ]);
    position = await appendEvents(shop.events, `booklist-${ids[1]}`, [
      {
        type: "BookListDiscarded",
        data: { bookListId: ids[1] as string, discardedAt: "2026-11-23T00:00:00.000Z" },
      },
    ]);
  });
  afterAll(() => shop.destroy());

  it("pages book lists newest first for admins, with their state and the BookList shape", async () => {
    const admin = await login(shop.url, "admin@example.com", "admin-pass-1");
    const first = await admin.api.get<Page<BookList>>("/api/booklists?limit=2", after(position));
    expect(first.status).toBe(200);
    expect(first.body.items.map((b) => [b.id, b.state])).toEqual([
      [ids[2], "open"],
      [ids[1], "discarded"],
    ]);
    expect(Object.keys(first.body.items[0] ?? {}).sort()).toEqual([
      "customer",
      "id",
      "imageUrl",
      "shippingAddress",
      "state",
      "uploadedAt",
    ]);
    const second = await admin.api.get<Page<BookList>>(
      `/api/booklists?limit=2&cursor=${first.body.nextCursor}`,
    );
    expect(second.body.items).toEqual([
      {
        id: ids[0],
        customer: expect.objectContaining({ name: "Meera" }),
        shippingAddress: "1 Test Street, Nagpur",
        imageUrl: "/media/bookList/list0.png",
        uploadedAt: "2026-11-20T00:00:00.000Z",
        state: "ordered",
        orderId,
      },
    ]);
    expect(second.body.nextCursor).toBeUndefined();
  });

  it("is for admins only", async () => {
    const customer = await signupCustomer(shop.url);
    expect((await customer.api.get("/api/booklists")).status).toBe(403);
    expect((await client(shop.url).get("/api/booklists")).status).toBe(401);
  });

  it("answers 400 for a bad cursor or unknown parameter", async () => {
    const admin = await login(shop.url, "admin@example.com", "admin-pass-1");
    expect((await admin.api.get("/api/booklists?cursor=%%%")).status).toBe(400);
    expect((await admin.api.get("/api/booklists?state=open")).status).toBe(400);
  });
});
