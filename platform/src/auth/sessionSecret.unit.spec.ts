import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resolveSessionSecret, SESSION_SECRET_FILE } from "./sessionSecret.ts";

describe("resolveSessionSecret", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "shop-secret-"));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("uses SESSION_SECRET when set, in either profile", async () => {
    const sessionSecret = "z".repeat(40);
    expect(await resolveSessionSecret({ sessionSecret, profile: "production", dataDir: dir })).toBe(
      sessionSecret,
    );
    expect(await resolveSessionSecret({ sessionSecret, profile: "embedded", dataDir: dir })).toBe(
      sessionSecret,
    );
  });

  it("generates a secret into the data folder on first start and reuses it after", async () => {
    const dataDir = join(dir, "nested", "data");
    const first = await resolveSessionSecret({ profile: "embedded", dataDir });
    expect(first.length).toBeGreaterThanOrEqual(43);
    const file = join(dataDir, SESSION_SECRET_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await readFile(file, "utf8")).trim()).toBe(first);
    expect(await resolveSessionSecret({ profile: "embedded", dataDir })).toBe(first);
  });

  it("agrees on one secret when two starts race", async () => {
    const [a, b] = await Promise.all([
      resolveSessionSecret({ profile: "embedded", dataDir: dir }),
      resolveSessionSecret({ profile: "embedded", dataDir: dir }),
    ]);
    expect(a).toBe(b);
  });

  it("refuses to start in production without SESSION_SECRET", async () => {
    await expect(resolveSessionSecret({ profile: "production", dataDir: dir })).rejects.toThrow(
      "SESSION_SECRET",
    );
  });

  it("refuses an unusable secret file instead of silently replacing it", async () => {
    await writeFile(join(dir, SESSION_SECRET_FILE), "tiny\n");
    await expect(resolveSessionSecret({ profile: "embedded", dataDir: dir })).rejects.toThrow(
      "no usable secret",
    );
  });
});
