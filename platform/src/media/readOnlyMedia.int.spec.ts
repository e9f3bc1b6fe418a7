import { execFileSync } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import { StoreUnavailableError } from "../ports/eventStore.ts";
import { mountSmallDisk, type SmallDisk } from "../testing/smallDisk.ts";
import { createDirMediaStore } from "./dirMediaStore.ts";

const mounted = mountSmallDisk(4);
const disk: SmallDisk | null = "unavailable" in mounted ? null : mounted;
if ("unavailable" in mounted) console.log(`[skipped] media on a read-only disk: ${mounted.unavailable}`);

/**
 * A fault probe mounted an empty read-only volume over the media folder (a volume remounted or
 * replaced): creating `incoming/` there fails with ENOENT, not EROFS, and an upload answered 500
 * where a read-only folder that kept its subfolders answered 503 with Retry-After.
 */
describe.skipIf(disk === null)("the media folder on an empty read-only disk (a tmpfs of its own)", () => {
  afterAll(() => disk?.destroy());

  it("is an outage of the media store (503), not a bug (500), for uploads and stored images", async () => {
    if (!disk) return;
    execFileSync("mount", ["-o", "remount,ro", disk.dir], { stdio: "pipe" });
    const media = createDirMediaStore({ root: disk.dir });
    await expect(media.writeIncoming(new Uint8Array([1, 2, 3]))).rejects.toBeInstanceOf(
      StoreUnavailableError,
    );
    await expect(media.store("books", "maths-5.webp", new Uint8Array([9]))).rejects.toBeInstanceOf(
      StoreUnavailableError,
    );
  });
});
