import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { login } from "../testing/client.ts";
import { startTestShop, type TestShop } from "../testing/testShop.ts";

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? filesUnder(join(dir, d.name)) : [join(dir, d.name)],
  );

describe("hostile uploads", () => {
  let shop: TestShop;
  let token = "";
  const png = () =>
    sharp({ create: { width: 40, height: 30, channels: 3, background: "#c00" } })
      .png()
      .toBuffer();
  const upload = async (bytes: Uint8Array, name: string, folder = "books") => {
    const form = new FormData();
    form.set("folder", folder);
    form.set("file", new Blob([bytes]), name);
    const res = await fetch(`${shop.url}/api/uploads`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    return { status: res.status, body: (await res.json()) as { url?: string; detail?: string } };
  };

  beforeAll(async () => {
    shop = await startTestShop();
    token = (await login(shop.url, "admin@example.com", "admin-pass-1")).token;
  });
  afterAll(() => shop.destroy());

  it("stores traversal file names under a safe server-made name inside MEDIA_DIR/<folder>/", async () => {
    const names = [
      "../../../etc/evil.png",
      "..\\..\\windows\\evil.png",
      "/etc/passwd.png",
      "a/../../b.png",
      "%2e%2e%2fx.png",
      ".png",
    ];
    const media = join(shop.dataDir, "media");
    for (const name of names) {
      const res = await upload(await png(), name);
      expect(res.status, name).toBe(201);
      expect(res.body.url, name).toMatch(/^\/media\/books\/[a-z0-9][a-z0-9._-]*\.png$/);
    }
    for (const file of filesUnder(shop.dataDir)) {
      const rel = relative(media, file);
      if (rel.startsWith("..")) expect(file).not.toMatch(/evil|passwd|b\.png|x\.png/);
    }
    expect(readdirSync(join(media, "incoming"))).toEqual([]);
  });

  it("refuses a 50 MB body with 413 File too large and stores nothing", async () => {
    const before = filesUnder(join(shop.dataDir, "media")).length;
    const huge = Buffer.concat([await png(), Buffer.alloc(50 * 1024 * 1024, 7)]);
    const res = await upload(huge, "huge.png");
    expect(res.status).toBe(413);
    expect(res.body.detail).toBe("File too large");
    expect(filesUnder(join(shop.dataDir, "media")).length).toBe(before);
    console.log("hostile uploads: 6 traversal names stored safely, a 50 MB body refused");
  });
});
