import { describe, expect, it } from "vitest";
import { baseNameOf, storedImageName, thumbnailNameOf } from "./imageName.ts";

const at = new Date("2026-11-22T10:15:30.123Z");
// The media store's rule for names (platform dirMediaStore) and the API's URL rule (contracts MediaUrl).
const SAFE_NAME = /^[a-z0-9][a-z0-9_-]*(\.[a-z0-9]+)*$/;

describe("stored image names (spec §3)", () => {
  it("is the base name lower-cased without spaces, a date-time stamp, a tag and the real extension", () => {
    expect(storedImageName("My Book List.PNG", "png", at, "a1b2c3")).toBe(
      "mybooklist-20261122-101530-a1b2c3.png",
    );
    expect(storedImageName("Class 5 Maths.jpeg", "jpeg", at, "a1b2c3")).toBe(
      "class5maths-20261122-101530-a1b2c3.jpg",
    );
  });

  it("takes the extension from the bytes' type, never from the claimed name", () => {
    expect(storedImageName("photo.exe", "png", at, "000000")).toBe("photo-20261122-101530-000000.png");
    expect(storedImageName("scan.png", "jpeg", at, "000000")).toBe("scan-20261122-101530-000000.jpg");
  });

  it("drops folders, dots and anything outside [a-z0-9_-]", () => {
    expect(baseNameOf("../../etc/passwd.png")).toBe("passwd");
    expect(baseNameOf("C:\\Users\\asha\\Desktop\\Book List.jpg")).toBe("booklist");
    expect(baseNameOf("class.5.v2.final.jpg")).toBe("class-5-v2-final");
    expect(baseNameOf("..hidden.png")).toBe("hidden");
    expect(baseNameOf("Ünïcødé (copy) #2.png")).toBe("ncdcopy2");
    expect(baseNameOf("--_x_.png")).toBe("x");
  });

  it("falls back to `image` when nothing usable is left", () => {
    expect(baseNameOf("पुस्तक सूची.jpg")).toBe("image");
    expect(baseNameOf("%%%.png")).toBe("image");
    expect(baseNameOf("")).toBe("image");
  });

  it("bounds the base so names stay short", () => {
    expect(baseNameOf(`${"a".repeat(300)}.png`)).toHaveLength(60);
  });

  it("always gives a name the media store and the API accept, with a distinct random tag", () => {
    for (const original of ["a b.c d.png", "-x-.jpg", "___.png", "Ü.png", "x".repeat(500)]) {
      const name = storedImageName(original, "jpeg", at);
      expect(name).toMatch(SAFE_NAME);
      expect(thumbnailNameOf(name)).toMatch(SAFE_NAME);
    }
    expect(storedImageName("a.png", "png", at)).not.toBe(storedImageName("a.png", "png", at));
  });

  it("names the thumbnail after the image", () => {
    expect(thumbnailNameOf("maths-20261122-101530-a1b2c3.jpg")).toBe(
      "maths-20261122-101530-a1b2c3.thumb.jpg",
    );
  });
});
