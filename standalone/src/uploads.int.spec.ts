import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { deflateSync } from "node:zlib";
import { MAX_UPLOAD_BYTES, MEDIA_FOLDERS } from "@shop/contracts";
import { greyPng } from "@shop/platform/testing/greyPng";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { login } from "./testing/client.ts";
import { startTestShop, type TestShop } from "./testing/testShop.ts";

const png = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: "#2e7d32" } })
    .png()
    .toBuffer();

/** A PNG header declaring 20000×20000 over a few bytes: small on the wire, huge when decoded. */
const bombPng = (): Buffer => greyPng(20_000, 20_000, deflateSync(Buffer.alloc(20_001)));

interface Upload {
  file?: { bytes: Uint8Array; name: string; type?: string };
  folder?: string;
}

describe("POST /api/uploads", () => {
  let shop: TestShop;
  const tokens: Record<"admin" | "delivery" | "customer", string> = { admin: "", delivery: "", customer: "" };
  const mediaDir = () => join(shop.dataDir, "media");
  const filesIn = (folder: string) => readdir(join(mediaDir(), folder)).catch(() => [] as string[]);
  const allStored = async () => (await Promise.all(MEDIA_FOLDERS.map(filesIn))).flat().sort();

  const upload = async ({ file, folder }: Upload, token?: string) => {
    const form = new FormData();
    if (folder !== undefined) form.append("folder", folder);
    if (file) form.append("file", new Blob([file.bytes], { type: file.type ?? "image/png" }), file.name);
    const res = await fetch(`${shop.url}/api/uploads`, {
      method: "POST",
      body: form,
      ...(token && { headers: { authorization: `Bearer ${token}` } }),
    });
    const body = (await res.json()) as { url?: string; detail?: string; status?: number };
    return { status: res.status, body, type: res.headers.get("content-type") };
  };

  beforeAll(async () => {
    shop = await startTestShop();
    tokens.admin = (await login(shop.url, "admin@example.com", "admin-pass-1")).token;
    tokens.delivery = (await login(shop.url, "delivery@example.com", "delivery-pass-1")).token;
    tokens.customer = (await login(shop.url, "customer@example.com", "customer-pass-1")).token;
  });
  afterAll(async () => {
    await shop?.destroy();
  });

  describe.each(MEDIA_FOLDERS)("folder %s", (folder) => {
    it("is refused to a visitor with 401 Login First!", async () => {
      const res = await upload({ file: { bytes: await png(), name: "a.png" }, folder });
      expect(res.status).toBe(401);
      expect(res.body.detail).toBe("Login First!");
      expect(res.type).toContain("application/problem+json");
    });

    it.each(["customer", "delivery"] as const)(`takes a %s's upload only for bookList`, async (role) => {
      const res = await upload(
        { file: { bytes: await png(), name: "List Photo.png" }, folder },
        tokens[role],
      );
      if (folder === "bookList") {
        expect(res.status).toBe(201);
        expect(res.body.url).toMatch(/^\/media\/bookList\/listphoto-\d{8}-\d{6}-[0-9a-f]{6}\.png$/);
      } else {
        expect(res.status).toBe(403);
        expect(res.body.detail).toBe("You are not allowed to do that.");
      }
    });

    it("takes an admin's upload, served at the URL it answers", async () => {
      const res = await upload(
        { file: { bytes: await png(120, 90), name: "Cover Page.PNG" }, folder },
        tokens.admin,
      );
      expect(res.status).toBe(201);
      const url = res.body.url ?? "";
      expect(url).toMatch(new RegExp(`^/media/${folder}/coverpage-\\d{8}-\\d{6}-[0-9a-f]{6}\\.png$`));
      // As its uploader: a book-list photo is served to its customer and the admins only.
      const asUploader = { headers: { authorization: `Bearer ${tokens.admin}` } };
      const served = await fetch(`${shop.url}${url}`, asUploader);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/png");
      const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect(meta).toMatchObject({ format: "png", width: 120, height: 90 });
      const thumb = await fetch(`${shop.url}${url.replace(/\.png$/, ".thumb.png")}`, asUploader);
      expect(thumb.status).toBe(200);
    });
  });

  it("stores a JPEG named .png as .jpg, and a PNG named .exe as .png", async () => {
    const jpeg = await sharp({ create: { width: 40, height: 40, channels: 3, background: "#fff" } })
      .jpeg()
      .toBuffer();
    const a = await upload({ file: { bytes: jpeg, name: "scan.png" }, folder: "books" }, tokens.admin);
    expect(a.status).toBe(201);
    expect(a.body.url).toMatch(/^\/media\/books\/scan-.*\.jpg$/);
    const b = await upload(
      {
        file: { bytes: await png(), name: "setup.exe", type: "application/octet-stream" },
        folder: "bookList",
      },
      tokens.customer,
    );
    expect(b.status).toBe(201);
    expect(b.body.url).toMatch(/^\/media\/bookList\/setup-.*\.png$/);
  });

  describe("refusals store nothing and leave nothing in incoming/", () => {
    const refusals: [string, () => Promise<Upload>, number, string][] = [
      [
        "a file over the upload limit (20 MB)",
        async () => ({
          file: { bytes: Buffer.concat([await png(), Buffer.alloc(MAX_UPLOAD_BYTES)]), name: "big.png" },
          folder: "books",
        }),
        413,
        "File too large",
      ],
      [
        "a text file named .png",
        async () => ({
          file: { bytes: Buffer.from("not an image at all"), name: "list.png" },
          folder: "books",
        }),
        415,
        "use only specified file type!",
      ],
      [
        "an executable named .jpg",
        async () => ({
          file: { bytes: Buffer.concat([Buffer.from("MZ"), Buffer.alloc(500)]), name: "photo.jpg" },
          folder: "books",
        }),
        415,
        "use only specified file type!",
      ],
      [
        "PNG magic bytes over garbage (the worker's decode check)",
        async () => ({
          file: { bytes: Buffer.concat([(await png()).subarray(0, 8), Buffer.alloc(300, 1)]), name: "x.png" },
          folder: "books",
        }),
        415,
        "use only specified file type!",
      ],
      [
        "a decompression bomb (the worker's pixel limit)",
        async () => ({ file: { bytes: bombPng(), name: "bomb.png" }, folder: "books" }),
        413,
        "File too large",
      ],
      ["a missing file", async () => ({ folder: "books" }), 400, "Invalid input"],
      [
        "an empty file",
        async () => ({ file: { bytes: new Uint8Array(0), name: "e.png" }, folder: "books" }),
        400,
        "Invalid input",
      ],
      [
        "an unknown folder",
        async () => ({ file: { bytes: await png(), name: "a.png" }, folder: "../etc" }),
        400,
        "Invalid input",
      ],
      [
        "a missing folder",
        async () => ({ file: { bytes: await png(), name: "a.png" } }),
        400,
        "Invalid input",
      ],
    ];

    it.each(refusals)("refuses %s", async (_what, make, status, detail) => {
      const before = await allStored();
      const res = await upload(await make(), tokens.admin);
      expect(res.status).toBe(status);
      expect(res.body.detail).toBe(detail);
      expect(res.type).toContain("application/problem+json");
      expect(await allStored()).toEqual(before);
      expect(await filesIn("incoming")).toEqual([]);
    });

    it("refuses a JSON body as a missing file", async () => {
      const res = await fetch(`${shop.url}/api/uploads`, {
        method: "POST",
        headers: { authorization: `Bearer ${tokens.admin}`, "content-type": "application/json" },
        body: JSON.stringify({ folder: "books", file: "iVBORw0KGgo=" }),
      });
      expect(res.status).toBe(400);
    });
  });

  it("keeps nothing in incoming/ after successful uploads either", async () => {
    expect(await filesIn("incoming")).toEqual([]);
  });
});
