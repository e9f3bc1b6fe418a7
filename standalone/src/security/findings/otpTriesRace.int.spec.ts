import { randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import { startCommandApiService } from "@shop/command-api";
import { PROBLEM_CONTENT_TYPE } from "@shop/contracts";
import { loadConfig, type RunningService } from "@shop/platform";
import { deleteKeys, REDIS_URL, requireRedis, runPrefix } from "@shop/platform/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Answer, login, signupCustomer } from "../../testing/client.ts";
import { startTestShop } from "../../testing/testShop.ts";
import { anyProduct } from "../fixtures.ts";
import { reportFinding } from "./report.ts";

const GUESSES = 60;
const OTP_MAX_TRIES = 5;

const statuses = (answers: Answer[]) =>
  Object.entries(
    answers.reduce<Record<number, number>>((acc, a) => {
      acc[a.status] = (acc[a.status] ?? 0) + 1;
      return acc;
    }, {}),
  )
    .map(([status, n]) => `${n}×${status}`)
    .join(", ");

/**
 * A hostile rider (or a stolen staff token) guesses a customer's delivery OTP in parallel. The
 * tries were read before the code was checked and counted only after a wrong answer, so on the
 * production secrets store (Redis: a round trip between reading and counting) every parallel
 * guess read "0 tries" and was checked: the 5-try lock let dozens of guesses through.
 */
describe("second review: delivery OTP tries are counted before the code is checked", () => {
  const prefix = `${runPrefix("otp-race")}:`;
  let dataDir = "";
  let command: RunningService;
  let productId = "";

  beforeAll(async () => {
    await requireRedis();
    // The demo data (admin, products) from the embedded shop; then command-api alone on Redis.
    const seeded = await startTestShop();
    dataDir = seeded.dataDir;
    productId = (await anyProduct(seeded)).id;
    await seeded.close();
    const config = loadConfig({ PORT: "0", DATA_DIR: dataDir, REDIS_URL, LOG_LEVEL: "silent" });
    command = await startCommandApiService(config, { redisPrefix: prefix });
  });
  afterAll(async () => {
    await command?.close();
    await deleteKeys(prefix);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it(`checks at most ${OTP_MAX_TRIES} of ${GUESSES} parallel wrong codes, then stays locked`, async () => {
    const admin = await login(command.url, "admin@example.com", "admin-pass-1");
    const customer = await signupCustomer(command.url, "Otp Victim");
    const orderId = randomUUID();
    const placed = await customer.api.post("/api/orders", {
      orderId,
      items: [{ productId, quantity: 1 }],
      shippingAddress: "Pune",
    });
    expect(placed.status).toBe(201);
    expect((await admin.api.post(`/api/orders/${orderId}/delivery-otp`)).status).toBe(202);

    const guesses = await Promise.all(
      Array.from({ length: GUESSES }, (_, i) =>
        admin.api.post(`/api/orders/${orderId}/delivery-confirmation`, {
          otp: String(100000 + i * 7919).padStart(6, "0"),
        }),
      ),
    );
    const checked = guesses.filter((g) => g.status === 422 || g.status === 200).length;
    const locked = guesses.filter((g) => g.status === 429);
    reportFinding(
      "otpTriesRace",
      `${GUESSES} parallel delivery-confirmation guesses at one order's OTP (lock after ${OTP_MAX_TRIES}), Redis secrets`,
      `${statuses(guesses)}: ${checked} codes checked`,
    );
    expect(checked).toBeLessThanOrEqual(OTP_MAX_TRIES);
    expect(checked + locked.length).toBe(GUESSES);
    for (const r of locked) {
      expect(r.headers.get("content-type")).toContain(PROBLEM_CONTENT_TYPE);
      expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
    }
  });
});
