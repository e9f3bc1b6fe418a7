import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import pino from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { type OwnRedis, startOwnRedis } from "../testing/ownRedis.ts";
import { deleteKeys, REDIS_URL, requireRedis, runPrefix } from "../testing/redisTest.ts";
import { loadConfig } from "./config.ts";
import { claimRedis, redactedRedisUrl } from "./redisClaim.ts";

/** A logger whose lines the test reads. */
const recordingLogger = () => {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as { level: number; msg: string });
      done();
    },
  });
  return { logger: pino({ level: "debug" }, stream), lines };
};

describe("claimRedis: one Redis prefix, one shop's DATA_DIR", () => {
  const prefix = `${runPrefix("claim")}:`;
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), "redis-claim-"));
    dirs.push(dir);
    return dir;
  };
  let own: OwnRedis | undefined;
  afterAll(async () => {
    await deleteKeys(prefix);
    await own?.destroy();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it("claims a free prefix with the DATA_DIR's id, keeps it, and refuses another DATA_DIR's shop", async () => {
    await requireRedis();
    const env = { REDIS_URL, REDIS_PREFIX: prefix };
    const mine = loadConfig({ ...env, DATA_DIR: dataDir() });
    const { logger } = recordingLogger();
    await (await claimRedis(mine, { logger })).close();
    const id = readFileSync(join(mine.dataDir, "shop-id"), "utf8").trim();
    expect(statSync(join(mine.dataDir, "shop-id")).mode & 0o777).toBe(0o600);
    // Its own claim again: the same id.
    await (await claimRedis(mine, { logger })).close();
    expect(readFileSync(join(mine.dataDir, "shop-id"), "utf8").trim()).toBe(id);

    const other = loadConfig({ ...env, DATA_DIR: dataDir() });
    await expect(claimRedis(other, { logger })).rejects.toThrow(
      `the Redis at ${REDIS_URL} (with prefix "${prefix}") holds another shop's queues, sessions and live rooms`,
    );
    await expect(claimRedis(other, { logger })).rejects.toThrow(/own Redis, or set REDIS_PREFIX/);
    // Another prefix is free for it.
    await (await claimRedis(other, { logger, redisPrefix: `${prefix}other:` })).close();
  });

  for (const fault of ["down", "frozen"] as const)
    it(`does not hold the start when Redis is ${fault}, and logs an error once it finds another shop's claim`, async () => {
      own ??= await startOwnRedis({ persistent: true });
      const redis = own;
      const env = { REDIS_URL: redis.url, REDIS_PREFIX: `shop-${fault}:` };
      const first = loadConfig({ ...env, DATA_DIR: dataDir() });
      await (await claimRedis(first, { logger: recordingLogger().logger })).close();
      // Down: the connection is refused at once. Frozen (SIGSTOP): connected, nothing answers.
      if (fault === "down") await redis.stop();
      else redis.pause();

      const second = loadConfig({ ...env, DATA_DIR: dataDir() });
      const { logger, lines } = recordingLogger();
      const started = performance.now();
      const claim = await claimRedis(second, { logger, retryMs: 200 });
      try {
        // About 2 s at most (a loaded machine adds some).
        expect(performance.now() - started).toBeLessThan(4000);
        expect(lines.filter((l) => l.level === 40).map((l) => l.msg)).toEqual([
          expect.stringMatching(/Redis did not answer at start/),
        ]);
        if (fault === "down") await redis.start();
        else redis.resume();
        await expect
          .poll(() => lines.filter((l) => l.level === 50).map((l) => l.msg), { timeout: 10_000 })
          .toEqual([expect.stringContaining(`(with prefix "shop-${fault}:") holds another shop's queues`)]);
      } finally {
        await claim.close();
      }
    }, 30_000);

  it("names REDIS_URL without its password", () => {
    expect(redactedRedisUrl("redis://:s3cret@redis.internal:6380/2")).toBe("redis://redis.internal:6380/2");
    expect(redactedRedisUrl("rediss://user:pw@cache.example")).toBe("rediss://cache.example");
  });
});
