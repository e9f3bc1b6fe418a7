import { client, login, signupCustomer, startTestShop, type TestShop } from "@shop/standalone";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

describe("accounts over HTTP", () => {
  let shop: TestShop;
  const head = () => shop.events.headPosition();
  beforeAll(async () => {
    shop = await startTestShop({ env: { RATE_LIMIT_LOGIN: "3" } });
  });
  afterAll(() => shop.destroy());

  it("signs a new customer up and logs them in with an httpOnly SameSite cookie", async () => {
    const res = await client(shop.url).post<{ user: { accType: number; email: string }; token: string }>(
      "/api/auth/signup",
      {
        name: "Kavya",
        email: "Kavya.N@Example.com",
        contact: "98450 12345",
        password: "kavya-pass-1",
        address: "Mysuru",
      },
    );
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ accType: 3, email: "kavya.n@example.com" });
    expect(res.body.user).not.toHaveProperty("credentialId");
    expect(res.headers.get("set-cookie")).toMatch(/^session=[^;]+;.*HttpOnly.*SameSite=Lax/i);
    const me = await client(shop.url, res.body.token).get<{ user: { name: string } }>("/api/auth/me");
    expect(me.body.user.name).toBe("Kavya");
  });

  it("refuses a taken e-mail in any letter case, and appends nothing", async () => {
    const before = await head();
    const res = await client(shop.url).post("/api/auth/signup", {
      name: "Other",
      email: "KAVYA.N@example.COM",
      contact: "1",
      password: "another-pass",
      address: "Elsewhere",
    });
    expect(res.status).toBe(409);
    expect(res.headers.get("content-type")).toMatch(/application\/problem\+json/);
    expect(res.body.detail).toBe("Email already registered");
    expect(await head()).toBe(before);
  });

  it("answers the spec's text for a missing detail and lists field errors otherwise", async () => {
    const before = await head();
    const missing = await client(shop.url).post("/api/auth/signup", {
      name: "A",
      email: "a@example.com",
      contact: "1",
      password: "long-enough",
      address: "  ",
    });
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toBe("Please fill all the details!");
    const short = await client(shop.url).post<{ errors: { path: string }[] }>("/api/auth/signup", {
      name: "A",
      email: "a@example.com",
      contact: "1",
      password: "short",
      address: "Pune",
    });
    expect(short.status).toBe(400);
    expect(short.body.errors.map((e) => e.path)).toContain("password");
    const extra = await client(shop.url).post("/api/auth/signup", {
      name: "A",
      email: "a@example.com",
      contact: "1",
      password: "long-enough",
      address: "Pune",
      accType: 1,
    });
    expect(extra.status).toBe(400);
    expect(await head()).toBe(before);
  });

  it("refuses a wrong password with 401 and rate-limits failed logins with Retry-After", async () => {
    const { email } = await signupCustomer(shop.url);
    for (let i = 0; i < 3; i++) {
      const bad = await client(shop.url).post("/api/auth/login", { email, password: "wrong-password" });
      expect(bad.status).toBe(401);
    }
    const limited = await client(shop.url).post("/api/auth/login", { email, password: "a-long-password" });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("logs out: the token stops working and the cookie is cleared", async () => {
    const session = await login(shop.url, "customer@example.com", "customer-pass-1");
    const out = await session.api.post("/api/auth/logout");
    expect(out.status).toBe(204);
    expect(out.headers.get("set-cookie")).toMatch(/session=;/);
    const me = await session.api.get("/api/auth/me");
    expect(me.status).toBe(401);
    expect(me.body.detail).toBe("Login First!");
    expect((await client(shop.url).post("/api/auth/logout")).status).toBe(401);
  });

  it("edits the caller's own profile, ignoring unchanged fields", async () => {
    const customer = await signupCustomer(shop.url);
    const res = await customer.api.patch<{ user: { address: string; name: string } }>("/api/profile", {
      address: "44 Marine Drive, Kochi",
      name: "Test Customer",
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ address: "44 Marine Drive, Kochi", name: "Test Customer" });
    expect((await customer.api.patch("/api/profile", { accType: 1 })).status).toBe(400);
    expect((await client(shop.url).patch("/api/profile", { name: "x" })).status).toBe(401);
    const events = await shop.events.readStream(`user-${customer.user.id}`);
    expect(events.map((e) => e.type)).toEqual(["UserRegistered", "UserProfileUpdated"]);
    expect(events[1]?.data).not.toHaveProperty("name");
  });

  it("lets an admin change a role, effective on the user's next request", async () => {
    const rider = await signupCustomer(shop.url);
    expect((await rider.api.get("/api/orders?scope=all")).status).toBe(403);
    const admin = await login(shop.url, "admin@example.com", "admin-pass-1");
    expect((await rider.api.put(`/api/users/${rider.user.id}/role`, { accType: 2 })).status).toBe(403);
    const changed = await admin.api.put<{ position: string }>(`/api/users/${rider.user.id}/role`, {
      accType: 2,
    });
    expect(changed.status).toBe(200);
    expect((await rider.api.get("/api/orders?scope=all")).status).toBe(200);
  });

  it("leaves an admin when two admins demote each other at the same moment", async () => {
    const admin = await login(shop.url, "admin@example.com", "admin-pass-1");
    const second = await signupCustomer(shop.url, "Second Admin");
    expect((await admin.api.put(`/api/users/${second.user.id}/role`, { accType: 1 })).status).toBe(200);
    const [byAdmin, bySecond] = await Promise.all([
      admin.api.put(`/api/users/${second.user.id}/role`, { accType: 3 }),
      second.api.put(`/api/users/${admin.user.id}/role`, { accType: 3 }),
    ]);
    // One demotion lands; the other admin was no longer one when theirs was decided.
    expect([byAdmin.status, bySecond.status].sort()).toEqual([200, 403]);
    const roles = await Promise.all(
      [admin, second].map(async (u) => (await u.api.get<{ user: { accType: number } }>("/api/auth/me")).body),
    );
    expect(roles.filter((r) => r.user.accType === 1)).toHaveLength(1);
    // The demo admin is an admin again for the other tests.
    if (bySecond.status === 200)
      expect((await second.api.put(`/api/users/${admin.user.id}/role`, { accType: 1 })).status).toBe(200);
  });
});
