import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { signupCustomer } from "./testing/client.ts";
import { type ShopChild, startShopChild } from "./testing/shopChild.ts";

/**
 * A fault probe killed the shop (SIGKILL) while commands were in flight, restarted it and retried
 * each unanswered command with its Idempotency-Key: one in six was answered 409 "still being
 * handled" with Retry-After: 1 for two minutes, the reservation the dead process never released.
 * A client that follows Retry-After (or gives up on a 409) never got its answer.
 */
describe("a retry of a command that was in flight when the shop died", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "idem-crash-"));
  const shops: ShopChild[] = [];
  afterAll(async () => {
    for (const shop of shops) await shop.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("is answered within seconds of the restart, not two minutes later", async () => {
    const first = await startShopChild({ DATA_DIR: dataDir, RATE_LIMIT_UPLOADS: "100" });
    shops.push(first);
    const customer = await signupCustomer(first.base, "Crash Customer");
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#c62828" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set("folder", "bookList");
    form.set("file", new Blob([png], { type: "image/png" }), "list.png");
    const encoded = new Request("http://shop/api/uploads", { method: "POST", body: form });
    const body = Buffer.from(await encoded.arrayBuffer());
    const headers = {
      authorization: `Bearer ${customer.token}`,
      "content-type": encoded.headers.get("content-type") ?? "",
      "idempotency-key": "crash-retry-1",
    };

    // The upload's body is half sent when the shop dies: its key is reserved, its answer never given.
    const url = new URL(`${first.base}/api/uploads`);
    const inFlight = request({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      method: "POST",
      headers: { ...headers, "content-length": String(body.length) },
    });
    inFlight.on("error", () => {});
    inFlight.write(body.subarray(0, body.length >> 1));
    await new Promise((r) => setTimeout(r, 1000));
    const gone = new Promise((r) => first.process.once("exit", r));
    first.process.kill("SIGKILL");
    await gone;

    const second = await startShopChild({ DATA_DIR: dataDir, RATE_LIMIT_UPLOADS: "100" });
    shops.push(second);
    const restartedAt = Date.now();
    const answers: number[] = [];
    for (;;) {
      const res = await fetch(`${second.base}/api/uploads`, { method: "POST", headers, body });
      await res.arrayBuffer();
      answers.push(res.status);
      if (res.status !== 409 || Date.now() - restartedAt > 30_000) break;
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
      await new Promise((r) => setTimeout(r, 1000 * Number(res.headers.get("retry-after"))));
    }
    expect(answers.at(-1), `answers after the restart: ${answers.join(", ")}`).toBe(201);
    expect(Date.now() - restartedAt).toBeLessThan(15_000);
  }, 90_000);
});
