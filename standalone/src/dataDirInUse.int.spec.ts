import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { client } from "./testing/client.ts";
import { startShopChild } from "./testing/shopChild.ts";
import { startTestShop, type TestShop } from "./testing/testShop.ts";

/**
 * A fault probe: two shops started on one DATA_DIR both ran, both took writes and both sent the
 * same status mails; the one stopped last checkpointed the other's WAL away. A data folder is one
 * shop's: a second start on it is refused, saying why.
 */
describe("a second shop on a DATA_DIR in use", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "in-use-"));
  let first: TestShop | undefined;
  afterAll(async () => {
    await first?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("is refused, in another process and in this one; the first goes on; the folder is free once it stops", async () => {
    first = await startTestShop({ dataDir });
    await expect(startShopChild({ DATA_DIR: dataDir })).rejects.toThrow(/another shop is running/);
    await expect(startTestShop({ dataDir })).rejects.toThrow(/another shop is running/);
    expect((await client(first.url).get("/api/schools")).status).toBe(200);
    await first.close();
    first = await startTestShop({ dataDir });
    expect((await client(first.url).get("/api/schools")).status).toBe(200);
  }, 90_000);
});
