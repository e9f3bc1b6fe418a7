import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, signupCustomer } from "../../testing/client.ts";
import { startTestShop, type TestShop } from "../../testing/testShop.ts";
import { anyProduct } from "../fixtures.ts";
import { reportFinding } from "./report.ts";

const storedValues = (shop: TestShop): string[] => {
  const db = new DatabaseSync(join(shop.dataDir, "secrets.db"), { readOnly: true });
  try {
    return db
      .prepare("SELECT value FROM secrets")
      .all()
      .map((row) => String(row.value));
  } finally {
    db.close();
  }
};

describe("finding 2: an Idempotency-Key never replays a session token", () => {
  let shop: TestShop;
  const logLines: string[] = [];
  beforeAll(async () => {
    shop = await startTestShop({
      env: { LOG_LEVEL: "info" },
      logDestination: { write: (line: string) => void logLines.push(line) },
    });
  });
  afterAll(() => shop.destroy());

  it("answers a stranger who repeats a victim's login key with their own (failed) login", async () => {
    const victim = await signupCustomer(shop.url, "Idempotency Victim");
    const key = randomUUID();
    const first = await client(shop.url).post<{ token?: string }>(
      "/api/auth/login",
      { email: victim.email, password: "a-long-password" },
      { "idempotency-key": key },
    );
    expect(first.status).toBe(200);
    const token = first.body.token as string;
    const stranger = await client(shop.url).post<{ token?: string }>(
      "/api/auth/login",
      { email: victim.email, password: "not-the-password" },
      { "idempotency-key": key },
    );
    const again = await client(shop.url).post<{ token?: string }>(
      "/api/auth/login",
      { email: victim.email, password: "a-long-password" },
      { "idempotency-key": key },
    );
    const stored = storedValues(shop).some((v) => v.includes(token));
    const logged = logLines.some((l) => l.includes(token) || l.includes(key));
    reportFinding(
      "idempotencyReplay",
      "repeat a victim's login Idempotency-Key with a wrong password; repeat it with the right one",
      `stranger ${stranger.status}${stranger.body.token ? " with a token" : ""}; owner again ${again.status}` +
        ` (${again.body.token === token ? "same token replayed" : "a fresh login"}); token in secrets store: ${stored}; key or token in the log: ${logged}`,
    );
    expect(stranger.status).toBe(401);
    expect(stranger.body.token).toBeUndefined();
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBeNull();
    expect(again.body.token).not.toBe(token);
    expect(stored).toBe(false);
    expect(logged).toBe(false);
  });

  it("never stores a signup's token, and a repeated signup key signs nobody in as someone else", async () => {
    const key = randomUUID();
    const email = `idem.${Date.now()}@example.com`;
    const body = {
      name: "Idem Signup",
      email,
      contact: "+91 90000 00000",
      password: "a-long-password",
      address: "1 Test Street, Nagpur",
    };
    const first = await client(shop.url).post<{ token?: string }>("/api/auth/signup", body, {
      "idempotency-key": key,
    });
    expect(first.status).toBe(201);
    const stranger = await client(shop.url).post<{ token?: string }>(
      "/api/auth/signup",
      { ...body, password: "another-password" },
      { "idempotency-key": key },
    );
    const stored = storedValues(shop).some((v) => v.includes(first.body.token as string));
    reportFinding(
      "idempotencyReplay",
      "repeat a signup's Idempotency-Key with another password",
      `${stranger.status}${stranger.body.token ? " with a token" : " without a token"}; token in secrets store: ${stored}`,
    );
    expect(stranger.body.token).toBeUndefined();
    expect(stranger.status).toBe(409);
    expect(stored).toBe(false);
  });

  it("replays an answer only for the same body: another body under the same key is done anew", async () => {
    const customer = await signupCustomer(shop.url, "Idem Cart");
    const product = await anyProduct(shop);
    const key = randomUUID();
    const add = (quantity: number) =>
      customer.api.post<{ items?: { quantity: number }[] }>(
        "/api/cart/items",
        { productId: product.id, quantity },
        { "idempotency-key": key },
      );
    const first = await add(1);
    const retry = await add(1);
    const other = await add(3);
    reportFinding(
      "idempotencyReplay",
      "reuse one Idempotency-Key for a different cart body",
      `retry replayed: ${retry.headers.get("idempotent-replayed") === "true"}; other body replayed: ${other.headers.get("idempotent-replayed") === "true"}`,
    );
    expect(first.status).toBeLessThan(300);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(other.headers.get("idempotent-replayed")).toBeNull();
  });
});
