import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { login, signupCustomer } from "../../testing/client.ts";
import { startTestShop, type TestShop } from "../../testing/testShop.ts";
import { uploadBookListPhoto } from "../../testing/uploads.ts";
import { reportFinding } from "./report.ts";

const RECEIVE_MS = 1500;

/**
 * An upload that sends its multipart head and then a byte a second: it holds its place until the
 * whole body is in (Node's request timeout: 5 minutes). The places in all were taken before the
 * body was read, so 4 free accounts × 2 trickling uploads took all 8 and every other upload in the
 * shop was refused (503) for as long as they trickled.
 */
const trickle = (shop: TestShop, token: string, localAddress = "127.0.0.1") => {
  const boundary = `----trickle${Math.random().toString(16).slice(2)}`;
  let answered: number | "reset" | null = null;
  const req = request(
    {
      host: "127.0.0.1",
      port: shop.port,
      method: "POST",
      path: "/api/uploads",
      localAddress,
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": `multipart/form-data; boundary=${boundary}`,
        "content-length": 5_000_000,
      },
    },
    (res) => {
      answered = res.statusCode ?? 0;
      res.resume();
    },
  );
  req.on("error", () => {
    answered ??= "reset";
  });
  req.write(
    `--${boundary}\r\nContent-Disposition: form-data; name="folder"\r\n\r\nbookList\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.png"\r\n` +
      "Content-Type: image/png\r\n\r\n\x89PNG",
  );
  const timer = setInterval(() => {
    if (!req.destroyed) req.write("x");
  }, 200);
  return {
    answer: () => answered,
    stop() {
      clearInterval(timer);
      req.destroy();
    },
  };
};

const upload = (shop: TestShop, token: string) => uploadBookListPhoto(shop.url, token);

describe("second review: trickling uploads cannot hold every upload place", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop({ env: { UPLOAD_RECEIVE_MS: String(RECEIVE_MS) } });
  });
  afterAll(() => shop.destroy());

  it("takes another customer's upload while 4 accounts trickle 8 uploads, and ends the trickles", async () => {
    const slow = [];
    for (let i = 0; i < 4; i++) {
      const account = await signupCustomer(shop.url, `Trickler ${i}`);
      slow.push(
        trickle(shop, account.token, `127.0.0.${i + 2}`),
        trickle(shop, account.token, `127.0.0.${i + 2}`),
      );
    }
    await new Promise((r) => setTimeout(r, 300));
    const bystander = await signupCustomer(shop.url, "Bystander");
    const mine = await upload(shop, bystander.token);
    // The trickles are cut off once the receive time is over (408), never left to hold a place.
    await new Promise((r) => setTimeout(r, RECEIVE_MS + 1500));
    const ends = slow.map((s) => s.answer());
    for (const s of slow) s.stop();
    reportFinding(
      "slowUploads",
      "4 free accounts each hold 2 uploads that send a byte every 200 ms; another customer uploads a photo",
      `the other customer: ${mine.status}; the trickles after ${RECEIVE_MS} ms: ${ends.join(", ")}`,
    );
    expect(mine.status, mine.body).toBe(201);
    for (const end of ends) expect([408, "reset"]).toContain(end);
  });

  it("keeps places for the admin and for other addresses while 8 accounts on one address trickle 16", async () => {
    // A fresh attack: 8 accounts × 2 trickling uploads took all 16 places for bodies being
    // received, and every other upload, the admin's catalogue images too, was refused (503).
    const slow = [];
    for (let i = 0; i < 8; i++) {
      const account = await signupCustomer(shop.url, `Crowd ${i}`);
      slow.push(trickle(shop, account.token, "127.0.0.7"), trickle(shop, account.token, "127.0.0.7"));
    }
    await new Promise((r) => setTimeout(r, 300));
    const admin = await login(shop.url, "admin@example.com", "admin-pass-1");
    const [adminsUpload, neighbours] = await Promise.all([
      uploadBookListPhoto(shop.url, admin.token),
      signupCustomer(shop.url, "Neighbour").then((c) => upload(shop, c.token)),
    ]);
    for (const s of slow) s.stop();
    reportFinding(
      "slowUploadsOneAddress",
      "8 accounts on one address each hold 2 uploads that send a byte every 200 ms; the admin and a customer elsewhere upload",
      `the admin: ${adminsUpload.status}; the customer elsewhere: ${neighbours.status}`,
    );
    expect(adminsUpload.status, adminsUpload.body).toBe(201);
    expect(neighbours.status, neighbours.body).toBe(201);
  });
});
