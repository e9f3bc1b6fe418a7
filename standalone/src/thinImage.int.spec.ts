import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDeflate } from "node:zlib";
import { MAX_IMAGE_PIXELS } from "@shop/contracts";
import { greyPng } from "@shop/platform/testing/greyPng";
import { afterAll, describe, expect, it } from "vitest";
import { signupCustomer } from "./testing/client.ts";
import { type ShopChild, startShopChild } from "./testing/shopChild.ts";
import { uploadBookListPhoto } from "./testing/uploads.ts";

/** A grey PNG one pixel wide and `height` tall: a quarter of a megabyte for 64 million rows. */
const thinPng = async (height: number): Promise<Buffer> => {
  // Each row is a filter byte and one 8-bit pixel, deflated as they stream.
  const deflate = createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on("data", (part: Buffer) => parts.push(part));
  const done = new Promise((resolve) => deflate.once("end", resolve));
  const rows = Buffer.alloc(1 << 20);
  for (let left = height * 2; left > 0; left -= rows.length) {
    const piece = left >= rows.length ? rows : rows.subarray(0, left);
    if (!deflate.write(piece)) await new Promise((resolve) => deflate.once("drain", resolve));
  }
  deflate.end();
  await done;
  return greyPng(1, height, Buffer.concat(parts));
};

/**
 * A fault probe uploaded a 250 kB PNG of 1 × 64,000,000 pixels (within MAX_IMAGE_PIXELS): sharp
 * took ~24 s of a core on it, its cost growing with the rows. Two such uploads from one customer
 * held both image-worker places, and another customer's small photo was answered 503 after
 * UPLOAD_WAIT_MS; the hostile jobs ran on after their own 503s.
 */
describe("an upload of a very long, thin image", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "thin-image-"));
  let shop: ShopChild | undefined;
  afterAll(async () => {
    await shop?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("is refused at once and does not hold the image worker from other customers", async () => {
    shop = await startShopChild({ DATA_DIR: dataDir, UPLOAD_WAIT_MS: "10000" });
    const base = shop.base;
    const hostile = await signupCustomer(base, "Thin Image Sender");
    const other = await signupCustomer(base, "Other Customer");
    const thin = await thinPng(MAX_IMAGE_PIXELS);
    const send = async () => {
      const form = new FormData();
      form.set("folder", "bookList");
      form.set("file", new Blob([thin], { type: "image/png" }), "list.png");
      const startedAt = Date.now();
      const res = await fetch(`${base}/api/uploads`, {
        method: "POST",
        headers: { authorization: `Bearer ${hostile.token}` },
        body: form,
      });
      await res.arrayBuffer();
      return { status: res.status, ms: Date.now() - startedAt };
    };
    const hostileUploads = [send(), send()];
    await new Promise((r) => setTimeout(r, 500));
    const startedAt = Date.now();
    const photo = await uploadBookListPhoto(base, other.token);
    expect(photo.status, photo.body).toBe(201);
    expect(Date.now() - startedAt).toBeLessThan(5000);
    for (const answer of await Promise.all(hostileUploads)) {
      expect(answer.status).toBe(413);
      expect(answer.ms).toBeLessThan(5000);
    }
  }, 90_000);
});
