import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, signupCustomer } from "../../testing/client.ts";
import { startTestShop, type TestShop } from "../../testing/testShop.ts";
import { seedAdminToken } from "../fixtures.ts";
import { reportFinding } from "./report.ts";

const COPIES = 10;

/**
 * A scripted client (or a double click, or a retrying proxy) sends one command several times at
 * once under one Idempotency-Key. The key was only looked up, never reserved, so every copy found
 * no stored answer and did the work: ten messages for one. API.md: the work is never done twice.
 */
describe("second review: one Idempotency-Key does the work once, even for copies sent at once", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop();
  });
  afterAll(() => shop.destroy());

  it(`${COPIES} parallel copies of a message under one key store one message`, async () => {
    const sender = await signupCustomer(shop.url, "Double Clicker");
    const key = randomUUID();
    const text = `once please ${key}`;
    const answers = await Promise.all(
      Array.from({ length: COPIES }, () =>
        sender.api.post<{ id?: string; detail?: string }>(
          "/api/messages",
          { name: "Double Clicker", email: "double@example.com", message: text },
          { "idempotency-key": key },
        ),
      ),
    );
    const ids = new Set(answers.filter((a) => a.status === 201).map((a) => a.body.id));
    const admin = client(shop.url, await seedAdminToken(shop));
    await new Promise((r) => setTimeout(r, 300));
    const messages = await admin.get<{ items: { message: string }[] }>("/api/messages?limit=200");
    const stored = messages.body.items.filter((m) => m.message === text).length;
    reportFinding(
      "idempotencyConcurrent",
      `${COPIES} parallel POST /api/messages with one Idempotency-Key`,
      `${answers.map((a) => a.status).join(",")}; ${ids.size} distinct message id(s); ${stored} stored`,
    );
    expect(stored).toBe(1);
    expect(ids.size).toBe(1);
    // A copy that finds the first still running is told so (409 + Retry-After), never a 5xx.
    for (const a of answers) {
      expect([201, 409]).toContain(a.status);
      if (a.status === 409) expect(Number(a.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    // Once done, a retry is the stored answer.
    const retry = await sender.api.post<{ id: string }>(
      "/api/messages",
      { name: "Double Clicker", email: "double@example.com", message: text },
      { "idempotency-key": key },
    );
    expect(retry.status).toBe(201);
    expect(ids.has(retry.body.id)).toBe(true);
  });
});
