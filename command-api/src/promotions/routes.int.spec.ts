import { randomUUID } from "node:crypto";
import { Streams } from "@shop/contracts";
import { client, login, signupCustomer, startTestShop, type TestShop } from "@shop/standalone";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { typesIn } from "../testing/streams.ts";

const promo = {
  title: "Back to school",
  description: "Every NCERT book 10% off",
  imageUrl: "/media/stationeries/demo-natraj-pencils.png",
};

describe("promotions over HTTP", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop();
  });
  afterAll(() => shop.destroy());

  it("is admin-only", async () => {
    expect((await client(shop.url).post("/api/promotions", promo)).status).toBe(401);
    const customer = await signupCustomer(shop.url);
    expect((await customer.api.post("/api/promotions", promo)).status).toBe(403);
  });

  it("creates active, updates without a new image, toggles with the changed promotion, deletes", async () => {
    const admin = await login(shop.url, "admin@example.com", "admin-pass-1");
    const missing = await admin.api.post("/api/promotions", { ...promo, imageUrl: "" });
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toBe("Please fill all the Details!");

    const created = await admin.api.post<{ id: string }>("/api/promotions", promo);
    expect(created.status).toBe(201);
    const id = created.body.id;
    const updated = await admin.api.put(`/api/promotions/${id}`, {
      title: "Exam season",
      description: "Flat ₹50 off",
    });
    expect(updated.status).toBe(200);
    const off = await admin.api.put<{ promotion: { active: boolean; title: string; imageUrl: string } }>(
      `/api/promotions/${id}/active`,
      { active: false },
    );
    expect(off.status).toBe(200);
    expect(off.body.promotion).toMatchObject({
      active: false,
      title: "Exam season",
      imageUrl: promo.imageUrl,
    });
    expect((await admin.api.del(`/api/promotions/${id}`)).status).toBe(200);
    const gone = await admin.api.put(`/api/promotions/${id}/active`, { active: true });
    expect(gone.status).toBe(404);
    expect(gone.body.detail).toBe("Promotion not found!");
    expect(await typesIn(shop.events, Streams.promotion(id))).toEqual([
      "PromotionCreated",
      "PromotionUpdated",
      "PromotionDeactivated",
      "PromotionRemoved",
    ]);
    expect((await admin.api.del(`/api/promotions/${randomUUID()}`)).status).toBe(404);
  });
});
