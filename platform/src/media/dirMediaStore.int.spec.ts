import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { MediaStore } from "../ports/media.ts";
import { createDirMediaStore } from "./dirMediaStore.ts";

describe("directory media store", () => {
  let root: string;
  let media: MediaStore;

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), "shop-media-"));
    media = createDirMediaStore({ root });
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it("writes uploads into incoming/ under generated names", async () => {
    const a = await media.writeIncoming(new Uint8Array([1, 2, 3]));
    const b = await media.writeIncoming(new Uint8Array([4]));
    expect(dirname(a)).toBe(join(root, "incoming"));
    expect(a).not.toBe(b);
    expect([...(await readFile(a))]).toEqual([1, 2, 3]);
    expect(await readdir(join(root, "incoming"))).toHaveLength(2);
  });

  it("stores into a folder and answers a URL it can map back", async () => {
    const url = await media.store("books", "maths-5.webp", new Uint8Array([9, 9]));
    expect(url).toBe("/media/books/maths-5.webp");
    expect(media.pathOf(url)).toBe(join(root, "books", "maths-5.webp"));
    expect(await media.exists(url)).toBe(true);
    expect(await media.exists("/media/books/other.webp")).toBe(false);
    expect([...(await readFile(media.pathOf(url)!))]).toEqual([9, 9]);
  });

  it("refuses URLs it did not issue or that try to leave the folder", () => {
    for (const url of [
      "/media/books/../secrets.db",
      "/media/books/..",
      "/media/../session-secret",
      "/media/incoming/abc",
      "/media/unknown/a.png",
      "/media/books/a/b.png",
      "/media/books/.hidden",
      "/media/books/a%2F..%2Fb",
      "/media/books/a\\b.png",
      "media/books/a.png",
      "/media/books/",
      "https://evil.example/media/books/a.png",
    ]) {
      expect(media.pathOf(url), url).toBeNull();
    }
  });

  it("refuses unsafe names and unknown folders when storing", async () => {
    await expect(media.store("books", "../x.png", new Uint8Array())).rejects.toThrow("unsafe");
    await expect(media.store("nope" as never, "x.png", new Uint8Array())).rejects.toThrow("folder");
  });
});
