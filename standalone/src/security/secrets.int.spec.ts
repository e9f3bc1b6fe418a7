import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestShop, type TestShop } from "../testing/testShop.ts";
import { anyProduct } from "./fixtures.ts";

/**
 * After a full journey — signup, login, order, OTP sent twice, a wrong and a right OTP, logout —
 * no password, password hash or OTP appears in any event, log line (at debug level) or answer.
 */
describe("secrets stay secret", () => {
  let shop: TestShop;
  const logLines: string[] = [];
  const answers: string[] = [];
  const otps: string[] = [];
  const passwords = ["meera-secret-pass-1", "customer-pass-1", "admin-pass-1", "delivery-pass-1"];

  const call = async (method: string, path: string, token?: string, body?: unknown) => {
    const res = await fetch(`${shop.url}${path}`, {
      method,
      headers: {
        ...(token && { authorization: `Bearer ${token}` }),
        ...(body !== undefined && { "content-type": "application/json" }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    answers.push(`${res.status} ${[...res.headers].map(([k, v]) => `${k}: ${v}`).join("\n")}\n${text}`);
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  };

  beforeAll(async () => {
    shop = await startTestShop({
      env: { LOG_LEVEL: "debug" },
      logDestination: { write: (line: string) => void logLines.push(line) },
    });
    const product = await anyProduct(shop);
    const email = `meera.${Date.now()}@example.com`;
    const signup = await call("POST", "/api/auth/signup", undefined, {
      name: "Meera",
      email,
      contact: "99000 11223",
      password: passwords[0],
      address: "Chennai",
    });
    const customer = signup.token as string;
    await call("POST", "/api/auth/login", undefined, { email, password: passwords[0] });
    await call("POST", "/api/auth/login", undefined, { email, password: "a-wrong-password" });
    const admin = (
      await call("POST", "/api/auth/login", undefined, { email: "admin@example.com", password: passwords[2] })
    ).token as string;
    const rider = (
      await call("POST", "/api/auth/login", undefined, {
        email: "delivery@example.com",
        password: passwords[3],
      })
    ).token as string;
    const orderId = randomUUID();
    await call("POST", "/api/orders", customer, {
      orderId,
      items: [{ productId: product.id, quantity: 1 }],
      shippingAddress: "Chennai",
    });
    await call("PUT", `/api/orders/${orderId}/status`, admin, { status: 2 });
    for (let i = 0; i < 2; i++) {
      await call("POST", `/api/orders/${orderId}/delivery-otp`, rider);
      const { otpFromOutbox } = await import("../testing/testShop.ts");
      for (;;) {
        const code = await otpFromOutbox(shop.outboxDir, email);
        if (!otps.includes(code)) {
          otps.push(code);
          break;
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    await call("POST", `/api/orders/${orderId}/delivery-confirmation`, rider, {
      otp: otps[0] === "000000" ? "111111" : "000000",
    });
    await call("POST", `/api/orders/${orderId}/delivery-confirmation`, rider, { otp: otps.at(-1) });
    await call("GET", `/api/orders/${orderId}`, customer);
    await call("GET", `/api/orders/${orderId}/events`, admin);
    await call("GET", "/api/users?limit=200", admin);
    await call("GET", "/api/auth/me", customer);
    await call("POST", "/api/auth/logout", customer);
  });
  afterAll(() => shop.destroy());

  it("keeps passwords, their hashes and OTPs out of events, logs and answers", async () => {
    const events: string[] = [];
    const head = await shop.events.headPosition();
    const stop = new AbortController();
    for await (const e of shop.events.subscribeToAll({ signal: stop.signal })) {
      events.push(JSON.stringify(e));
      if (e.position === head) break;
    }
    stop.abort();
    const db = new DatabaseSync(join(shop.dataDir, "secrets.db"), { readOnly: true });
    const tables = (
      db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]
    ).map((t) => t.name);
    const hashes = tables.flatMap((t) =>
      (db.prepare(`SELECT * FROM ${t}`).all() as Record<string, unknown>[])
        .flatMap((row) => Object.values(row))
        .filter((v): v is string => typeof v === "string" && v.startsWith("scrypt$")),
    );
    db.close();
    expect(hashes.length).toBeGreaterThanOrEqual(4);
    expect(otps).toHaveLength(2);

    const secrets = [...passwords, ...otps, ...hashes, ...hashes.map((h) => h.split("$").at(-1) ?? h)];
    const places = { events, logs: logLines, answers };
    for (const [where, texts] of Object.entries(places)) {
      for (const text of texts) {
        for (const secret of secrets) {
          if (text.includes(secret))
            throw new Error(`a secret (${secret.slice(0, 12)}…) appears in ${where}: ${text.slice(0, 300)}`);
        }
        expect(text.includes("scrypt$"), `${where} mentions a hash`).toBe(false);
      }
    }
    // The OTP's one sanctioned place is the customer's mail.
    const mails = readdirSync(shop.outboxDir).filter((f) => f.endsWith(".eml"));
    expect(
      mails.some((f) =>
        otps.some((code) => readFileSync(join(shop.outboxDir, f), "utf8").includes(`OTP: ${code}`)),
      ),
    ).toBe(true);
    console.log(
      `secrets scan: ${events.length} events, ${logLines.length} log lines, ${answers.length} answers, ${secrets.length} secrets — none found`,
    );
  });
});
