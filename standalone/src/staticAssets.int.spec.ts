import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveSpa } from "./staticAssets.ts";

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET whose body is the bytes on the wire (fetch would decode them). */
const rawGet = (url: string, headers: Record<string, string> = {}): Promise<RawAnswer> =>
  new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on("error", reject);
    req.end();
  });

describe("the SPA's pre-compressed assets (issue 18 item 7)", () => {
  const dir = mkdtempSync(join(tmpdir(), "spa-assets-"));
  const js = Buffer.from(`export const shop = ${JSON.stringify("₹ school books ".repeat(400))};\n`);
  const html = Buffer.from(`<!doctype html><title>spa</title>${"<!-- padding -->".repeat(100)}`);
  // Written as the Vite build writes them: a different payload per codec, so the test sees which was sent.
  const br = brotliCompressSync(js);
  const gz = gzipSync(js);
  let server: Server;
  let base = "";

  beforeAll(async () => {
    mkdirSync(join(dir, "assets"));
    writeFileSync(join(dir, "assets", "index-Ab12Cd34.js"), js);
    writeFileSync(join(dir, "assets", "index-Ab12Cd34.js.br"), br);
    writeFileSync(join(dir, "assets", "index-Ab12Cd34.js.gz"), gz);
    writeFileSync(join(dir, "assets", "logo-Zz99.png"), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    writeFileSync(join(dir, "index.html"), html);
    writeFileSync(join(dir, "index.html.br"), brotliCompressSync(html));
    const app = express();
    app.use(serveSpa(dir));
    server = app.listen(0);
    await new Promise((r) => server.once("listening", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("answers Accept-Encoding: br with the brotli bytes, immutable for a year, varying on the encoding", async () => {
    const res = await rawGet(`${base}/assets/index-Ab12Cd34.js`, { "accept-encoding": "gzip, deflate, br" });
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toMatch(/^text\/javascript|^application\/javascript/);
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(Number(res.headers["content-length"])).toBe(br.length);
    expect(res.body.equals(br)).toBe(true);
  });

  it("answers gzip-only clients with the gzip copy and others with the file itself", async () => {
    const gzip = await rawGet(`${base}/assets/index-Ab12Cd34.js`, { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gzip.body.equals(gz)).toBe(true);
    const plain = await rawGet(`${base}/assets/index-Ab12Cd34.js`, { "accept-encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
    expect(plain.body.equals(js)).toBe(true);
    const refusesBr = await rawGet(`${base}/assets/index-Ab12Cd34.js`, { "accept-encoding": "br;q=0, gzip" });
    expect(refusesBr.headers["content-encoding"]).toBe("gzip");
  });

  it("serves index.html (and every client route) compressed but always revalidated", async () => {
    for (const path of ["/", "/order/5d9c2e1f-3a4b-4c5d-8e6f-7a8b9c0d1e2f", "/index.html"]) {
      const res = await rawGet(`${base}${path}`, { "accept-encoding": "br" });
      expect(res.status).toBe(200);
      expect(res.headers["content-encoding"]).toBe("br");
      expect(res.headers["content-type"]).toMatch(/^text\/html/);
      expect(res.headers["cache-control"]).toBe("no-cache");
    }
  });

  it("sends files the build did not compress as they are, and a missing hashed file is a 404, not the page", async () => {
    const png = await rawGet(`${base}/assets/logo-Zz99.png`, { "accept-encoding": "br" });
    expect(png.status).toBe(200);
    expect(png.headers["content-encoding"]).toBeUndefined();
    expect(png.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const gone = await rawGet(`${base}/assets/index-OldHash0.js`, { "accept-encoding": "br" });
    expect(gone.status).toBe(404);
    const traversal = await rawGet(`${base}/assets/..%2f..%2fetc%2fpasswd`, { "accept-encoding": "br" });
    expect(traversal.status).toBe(404);
  });
});
