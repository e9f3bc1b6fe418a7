import { readdirSync } from "node:fs";
import { join } from "node:path";
import { PROBLEM_CONTENT_TYPE } from "@shop/contracts";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signupCustomer } from "../../testing/client.ts";
import { startTestShop, type TestShop } from "../../testing/testShop.ts";
import { seedAdminToken } from "../fixtures.ts";
import { reportFinding } from "./report.ts";

const LIMIT = 3;
const TRIES = 6;

const upload = async (base: string, token: string, folder: string, bytes: Uint8Array, name: string) => {
  const form = new FormData();
  form.set("folder", folder);
  form.set("file", new Blob([bytes]), name);
  const res = await fetch(`${base}/api/uploads`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  await res.arrayBuffer();
  return {
    status: res.status,
    type: res.headers.get("content-type") ?? "",
    retryAfter: res.headers.get("retry-after"),
  };
};

const photo = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: "#07a" } })
    .png()
    .toBuffer();

const stored = (shop: TestShop, folder: string) => {
  try {
    return readdirSync(join(shop.dataDir, "media", folder)).length;
  } catch {
    return 0;
  }
};

/**
 * Any customer could upload book-list photos without end (one at a time, ~5 a second, each kept
 * for good): one free account filled the disk at gigabytes an hour. A customer's uploads are now
 * counted per hour before the body is read; the admin's catalogue images are not.
 */
describe("second review: a customer's uploads are bounded per hour", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop({ env: { RATE_LIMIT_UPLOADS: String(LIMIT) } });
  });
  afterAll(() => shop.destroy());

  it(`stores at most ${LIMIT} of ${TRIES} photos from one customer, then 429 with Retry-After`, async () => {
    const customer = await signupCustomer(shop.url, "Disk Filler");
    const before = stored(shop, "bookList");
    const answers = [];
    for (let i = 0; i < TRIES; i++)
      answers.push(await upload(shop.url, customer.token, "bookList", await photo(), `list-${i}.png`));
    const kept = stored(shop, "bookList") - before;
    const refused = answers.filter((a) => a.status === 429);
    reportFinding(
      "uploadVolume",
      `one customer uploads ${TRIES} book-list photos in a row (limit ${LIMIT} an hour)`,
      `${answers.map((a) => a.status).join(", ")}; files kept: ${kept}`,
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(LIMIT);
    expect(refused).toHaveLength(TRIES - LIMIT);
    for (const r of refused) {
      expect(r.type).toContain(PROBLEM_CONTENT_TYPE);
      expect(Number(r.retryAfter)).toBeGreaterThan(0);
    }
    expect(kept).toBeLessThanOrEqual(LIMIT * 2);

    // Another customer's uploads are their own count; an admin's catalogue work is not limited.
    const other = await signupCustomer(shop.url, "Other Customer");
    expect((await upload(shop.url, other.token, "bookList", await photo(), "mine.png")).status).toBe(201);
    const admin = await seedAdminToken(shop);
    for (let i = 0; i < LIMIT + 1; i++)
      expect((await upload(shop.url, admin, "books", await photo(), `cover-${i}.png`)).status).toBe(201);
  });
});
