import { mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deflateSync } from "node:zlib";
import {
  IMAGE_JOB,
  type ImageJob,
  type ImageJobResult,
  MAX_UPLOAD_BYTES,
  type MediaFolder,
} from "@shop/contracts";
import { createDirMediaStore, type MediaStore } from "@shop/platform";
import { greyPng } from "@shop/platform/testing/greyPng";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createImageHandler } from "./processImage.ts";

const at = new Date("2026-11-22T10:15:30.000Z");

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 168 } } });

/** A PNG whose header declares `width`×`height` over a few bytes of data: a decompression bomb. */
const declaredPng = (width: number, height: number): Buffer =>
  greyPng(width, height, deflateSync(Buffer.alloc(width + 1)));

describe("the image job handler", () => {
  let root: string;
  let media: MediaStore;
  let handle: ReturnType<typeof createImageHandler>;
  let jobs = 0;

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), "media-"));
    media = createDirMediaStore({ root });
    handle = createImageHandler({ media, now: () => at });
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  const run = async (bytes: Uint8Array, originalName: string, folder: MediaFolder = "books", extra = {}) => {
    const incomingPath = await media.writeIncoming(bytes);
    const data: ImageJob = { incomingPath, folder, originalName, ...extra };
    return handle({ id: `job-${++jobs}`, name: IMAGE_JOB, data, attemptsMade: 0 });
  };
  const stored = (result: ImageJobResult) => {
    if (!result.ok) throw new Error(`refused: ${result.reason}`);
    const path = media.pathOf(result.url);
    const thumb = media.pathOf(result.thumbnailUrl);
    if (!path || !thumb) throw new Error(`not a media URL: ${result.url}`);
    return { url: result.url, path, thumb };
  };
  const filesIn = async (dir: string) => readdir(join(root, dir)).catch(() => [] as string[]);

  it("stores a PNG under the spec's name with a thumbnail, and empties incoming/", async () => {
    const result = await run(await solid(640, 480).png().toBuffer(), "My Book List.PNG", "bookList");
    const { url, path, thumb } = stored(result);
    expect(url).toMatch(/^\/media\/bookList\/mybooklist-20261122-101530-[0-9a-f]{6}\.png$/);
    expect(result.ok && result.thumbnailUrl).toBe(url.replace(/\.png$/, ".thumb.png"));
    expect(await sharp(path).metadata()).toMatchObject({ format: "png", width: 640, height: 480 });
    expect(await sharp(thumb).metadata()).toMatchObject({ format: "png", width: 320, height: 240 });
    expect(await filesIn("incoming")).toEqual([]);
  });

  it("stores a JPEG as .jpg whatever extension the client used", async () => {
    const { url, path } = stored(await run(await solid(200, 100).jpeg().toBuffer(), "Class 5 Maths.jpeg"));
    expect(url).toMatch(/^\/media\/books\/class5maths-20261122-101530-[0-9a-f]{6}\.jpg$/);
    expect((await sharp(path).metadata()).format).toBe("jpeg");
  });

  it("takes a PNG named .exe and stores it as .png: the bytes decide", async () => {
    const { url } = stored(await run(await solid(50, 50).png().toBuffer(), "setup.exe"));
    expect(url).toMatch(/^\/media\/books\/setup-20261122-101530-[0-9a-f]{6}\.png$/);
  });

  it.each([
    ["a text file", Buffer.from("just some notes, honestly an image\n"), "notes.png"],
    [
      "an executable",
      Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), Buffer.alloc(200)]),
      "photo.png",
    ],
    ["a Windows executable", Buffer.concat([Buffer.from("MZ"), Buffer.alloc(200)]), "cover.jpg"],
    ["a GIF", Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64"), "anim.png"],
    ["an SVG", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), "logo.png"],
    [
      "PNG magic over garbage",
      Buffer.concat([declaredPng(1, 1).subarray(0, 8), Buffer.alloc(100, 7)]),
      "x.png",
    ],
    ["a truncated JPEG", Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46]), "y.jpg"],
  ])("refuses %s whatever its name claims, storing nothing", async (_what, bytes, name) => {
    const result = await run(bytes, name);
    expect(result).toMatchObject({ ok: false, refusal: "unsupported_type" });
    expect(await filesIn("books")).toEqual([]);
    expect(await filesIn("incoming")).toEqual([]);
  });

  it("refuses a tiny PNG declaring 20000×20000 pixels (a decompression bomb) as too large", async () => {
    const bomb = declaredPng(20_000, 20_000);
    expect(bomb.length).toBeLessThan(1024);
    const result = await run(bomb, "bomb.png");
    expect(result).toMatchObject({ ok: false, refusal: "too_large" });
    expect(await filesIn("books")).toEqual([]);
    expect(await filesIn("incoming")).toEqual([]);
  });

  it("strips EXIF (camera, GPS) from a JPEG and turns it upright first", async () => {
    const withExif = await solid(400, 200)
      .jpeg()
      .withExif({
        IFD0: { Make: "PhoneCam", Model: "X1", Copyright: "Asha" },
        IFD3: {
          GPSLatitudeRef: "N",
          GPSLatitude: "18/1 31/1 0/1",
          GPSLongitudeRef: "E",
          GPSLongitude: "73/1 51/1 0/1",
        },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const before = await sharp(withExif).metadata();
    expect(before.exif?.toString("latin1")).toContain("PhoneCam");
    expect(before.orientation).toBe(6);

    const { path, thumb } = stored(await run(withExif, "IMG_2041.JPG"));
    for (const file of [path, thumb]) {
      const after = await sharp(file).metadata();
      expect(after.exif).toBeUndefined();
      expect(after.xmp).toBeUndefined();
      expect(after.icc).toBeUndefined();
      expect(after.orientation).toBeUndefined();
      expect((await readFile(file)).includes("PhoneCam")).toBe(false);
    }
    // Orientation 6 is a quarter turn: the stored pixels are upright, no tag needed.
    expect(await sharp(path).metadata()).toMatchObject({ width: 200, height: 400 });
  });

  it("strips metadata from a PNG too", async () => {
    const png = await solid(64, 64)
      .png()
      .withMetadata()
      .withExif({ IFD0: { Copyright: "Asha", Make: "PhoneCam" } })
      .toBuffer();
    expect((await sharp(png).metadata()).exif).toBeDefined();
    const { path } = stored(await run(png, "scan.png"));
    const after = await sharp(path).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.icc).toBeUndefined();
  });

  it("bounds the long side to 1600 px and the thumbnail to 320 px, never enlarging", async () => {
    const wide = stored(await run(await solid(4000, 1000).jpeg().toBuffer(), "wide.jpg"));
    expect(await sharp(wide.path).metadata()).toMatchObject({ width: 1600, height: 400 });
    expect(await sharp(wide.thumb).metadata()).toMatchObject({ width: 320, height: 80 });
    const tall = stored(await run(await solid(900, 3000).png().toBuffer(), "tall.png"));
    expect(await sharp(tall.path).metadata()).toMatchObject({ width: 480, height: 1600 });
    const small = stored(await run(await solid(120, 80).png().toBuffer(), "small.png"));
    expect(await sharp(small.path).metadata()).toMatchObject({ width: 120, height: 80 });
    expect(await sharp(small.thumb).metadata()).toMatchObject({ width: 120, height: 80 });
  });

  it("keeps a fixed name when one is given (demo data)", async () => {
    const { url } = stored(
      await run(await solid(30, 40).png().toBuffer(), "demo-maths.png", "schools", {
        fixedName: "demo-maths.png",
      }),
    );
    expect(url).toBe("/media/schools/demo-maths.png");
    expect(await filesIn("schools")).toEqual(["demo-maths.png", "demo-maths.thumb.png"]);
  });

  it("neither reads nor deletes a file outside incoming/", async () => {
    const outside = join(root, "books", "keep.png");
    await media.store("books", "keep.png", await solid(10, 10).png().toBuffer());
    const data: ImageJob = { incomingPath: outside, folder: "books", originalName: "keep.png" };
    await expect(handle({ id: "evil", name: IMAGE_JOB, data, attemptsMade: 0 })).rejects.toThrow(
      "not an incoming file",
    );
    const sneaky: ImageJob = { ...data, incomingPath: join(root, "incoming", "..", "books", "keep.png") };
    await expect(handle({ id: "evil2", name: IMAGE_JOB, data: sneaky, attemptsMade: 0 })).rejects.toThrow(
      "not an incoming file",
    );
    expect((await stat(outside)).isFile()).toBe(true);
  });

  it("refuses a file over the upload limit even if the request let it through", async () => {
    const big = Buffer.concat([await solid(10, 10).png().toBuffer(), Buffer.alloc(MAX_UPLOAD_BYTES)]);
    const incomingPath = join(root, "incoming", "big");
    await media.writeIncoming(new Uint8Array(0)); // creates incoming/
    await writeFile(incomingPath, big);
    const result = await handle({
      id: "big",
      name: IMAGE_JOB,
      data: { incomingPath, folder: "books", originalName: "big.png" },
      attemptsMade: 0,
    });
    expect(result).toMatchObject({ ok: false, refusal: "too_large" });
    expect((await filesIn("incoming")).filter((f) => f === "big")).toEqual([]);
  });
});
