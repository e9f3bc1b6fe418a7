import type { Page, User } from "@shop/contracts";
import { client, login, signupCustomer, startTestShop, type TestShop } from "@shop/standalone";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { after } from "../testing/append.ts";

describe("GET /api/users and /api/auth/me", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop();
  });
  afterAll(() => shop.destroy());

  it("answers the session's user to any login, 401 without one", async () => {
    const customer = await signupCustomer(shop.url, "Kavya");
    const me = await customer.api.get<{ user: User }>("/api/auth/me");
    expect(me.body.user).toEqual({
      id: customer.user.id,
      name: "Kavya",
      email: customer.email,
      contact: "+91 90000 00000",
      address: "1 Test Street, Nagpur",
      accType: 3,
    });
    expect((await client(shop.url).get("/api/auth/me")).status).toBe(401);
  });

  it("answers GET /api/auth/session 200 with the user, or with null for a visitor or a bad token", async () => {
    const customer = await signupCustomer(shop.url, "Meera");
    const mine = await customer.api.get<{ user: User | null }>("/api/auth/session");
    expect(mine.status).toBe(200);
    expect(mine.body.user?.name).toBe("Meera");
    const visitor = await client(shop.url).get<{ user: User | null }>("/api/auth/session");
    expect(visitor.status).toBe(200);
    expect(visitor.body).toEqual({ user: null });
    const forged = await client(shop.url, "not-a-token").get<{ user: User | null }>("/api/auth/session");
    expect(forged.status).toBe(200);
    expect(forged.body).toEqual({ user: null });
    expect((await client(shop.url).get("/api/auth/session?x=1")).status).toBe(400);
  });

  it("pages users newest first for admins, without secrets", async () => {
    const admin = await login(shop.url, "admin@example.com", "admin-pass-1");
    const a = await signupCustomer(shop.url, "First");
    await new Promise((r) => setTimeout(r, 5));
    const b = await signupCustomer(shop.url, "Second");
    const signup = await client(shop.url).post<{ position: string }>("/api/auth/signup", {
      name: "Third",
      email: `third.${Date.now()}@example.com`,
      contact: "1",
      password: "a-long-password",
      address: "Pune",
    });
    const first = await admin.api.get<Page<User>>("/api/users?limit=2", after(signup.body.position));
    expect(first.status).toBe(200);
    expect(first.body.items.map((u) => u.name)).toEqual(["Third", "Second"]);
    expect(Object.keys(first.body.items[0] ?? {}).sort()).toEqual([
      "accType",
      "address",
      "contact",
      "email",
      "id",
      "name",
    ]);
    const next = await admin.api.get<Page<User>>(`/api/users?limit=1&cursor=${first.body.nextCursor}`);
    expect(next.body.items.map((u) => u.id)).toEqual([a.user.id]);
    expect(b.user.id).toBe(first.body.items[1]?.id);
    const all = await admin.api.get<Page<User>>("/api/users?limit=200");
    expect(all.body.items.map((u) => u.email)).toEqual(
      expect.arrayContaining(["admin@example.com", "customer@example.com"]),
    );
    expect(JSON.stringify(all.body)).not.toMatch(/credential|password|registeredAt|revision/i);
  });

  it("is for admins only and strict about parameters", async () => {
    const rider = await login(shop.url, "delivery@example.com", "delivery-pass-1");
    expect((await rider.api.get("/api/users")).status).toBe(403);
    expect((await client(shop.url).get("/api/users")).status).toBe(401);
    const admin = await login(shop.url, "admin@example.com", "admin-pass-1");
    expect((await admin.api.get("/api/users?role=1")).status).toBe(400);
    expect((await admin.api.get("/api/auth/me?x=1")).status).toBe(400);
  });
});
