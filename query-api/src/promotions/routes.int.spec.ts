import { randomUUID } from "node:crypto";
import type { Promotion } from "@shop/contracts";
import { client, login, signupCustomer, startTestShop, type TestShop } from "@shop/standalone";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { after, appendEvents } from "../testing/append.ts";

describe("GET /api/promotions", () => {
  let shop: TestShop;
  let position: string;
  const ids: Record<"old" | "paused" | "fresh" | "removed", string> = {
    old: randomUUID(),
    paused: randomUUID(),
    fresh: randomUUID(),
    removed: randomUUID(),
  };
  const created = (promotionId: string, title: string) =>
    appendEvents(shop.events, `promotion-${promotionId}`, [
      {
        type: "PromotionCreated",
        data: { promotionId, title, description: "d", imageUrl: "/media/promotions/p.png" },
      },
    ]);

  beforeAll(async () => {
    shop = await startTestShop();
    await created(ids.old, "Old sale");
    await created(ids.paused, "Paused sale");
    await created(ids.removed, "Gone sale");
    await created(ids.fresh, "Fresh sale");
    await appendEvents(shop.events, `promotion-${ids.paused}`, [
      { type: "PromotionDeactivated", data: { promotionId: ids.paused } },
    ]);
    position = await appendEvents(shop.events, `promotion-${ids.removed}`, [
      { type: "PromotionRemoved", data: { promotionId: ids.removed } },
    ]);
  });
  afterAll(() => shop.destroy());

  const mine = (items: Promotion[]) => items.filter((p) => Object.values(ids).includes(p.id));

  it("shows visitors the active promotions, newest first, in the Promotion shape", async () => {
    const res = await client(shop.url).get<{ items: Promotion[] }>("/api/promotions", after(position));
    expect(res.status).toBe(200);
    expect(res.body.items.every((p) => p.active)).toBe(true);
    expect(mine(res.body.items).map((p) => p.id)).toEqual([ids.fresh, ids.old]);
    expect(mine(res.body.items)[0]).toEqual({
      id: ids.fresh,
      title: "Fresh sale",
      description: "d",
      imageUrl: "/media/promotions/p.png",
      active: true,
    });
  });

  it("shows admins inactive ones too with all=true, never removed ones", async () => {
    const admin = await login(shop.url, "admin@example.com", "admin-pass-1");
    const res = await admin.api.get<{ items: Promotion[] }>("/api/promotions?all=true", after(position));
    expect(mine(res.body.items).map((p) => [p.id, p.active])).toEqual([
      [ids.fresh, true],
      [ids.paused, false],
      [ids.old, true],
    ]);
    const activeOnly = await admin.api.get<{ items: Promotion[] }>("/api/promotions?all=false");
    expect(mine(activeOnly.body.items)).toHaveLength(2);
  });

  it("refuses all=true to everyone else: 403 for customers and delivery staff, 401 for visitors", async () => {
    const customer = await signupCustomer(shop.url);
    const rider = await login(shop.url, "delivery@example.com", "delivery-pass-1");
    for (const api of [customer.api, rider.api]) {
      const res = await api.get("/api/promotions?all=true");
      expect(res.status).toBe(403);
      expect(res.body.detail).toBe("You Don't have Admin Permissions");
    }
    const anonymous = await client(shop.url).get("/api/promotions?all=true");
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.detail).toBe("Login First!");
  });

  it("answers 400 for an unknown parameter or a bad flag", async () => {
    expect((await client(shop.url).get("/api/promotions?active=true")).status).toBe(400);
    expect((await client(shop.url).get("/api/promotions?all=yes")).status).toBe(400);
  });
});
