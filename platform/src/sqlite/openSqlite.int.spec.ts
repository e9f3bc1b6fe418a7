import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openSqlite } from "./openSqlite.ts";

describe("openSqlite", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "shop-sqlite-"));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const pragma = (db: ReturnType<typeof openSqlite>, name: string) =>
    Object.values(db.prepare(`PRAGMA ${name}`).get() ?? {})[0];

  it("flushes every commit to disk by default (synchronous=FULL, WAL)", () => {
    const db = openSqlite(join(dir, "a.db"));
    try {
      expect(pragma(db, "journal_mode")).toBe("wal");
      expect(pragma(db, "synchronous")).toBe(2);
    } finally {
      db.close();
    }
  });

  it("commits without a flush where only a crash must be survived (synchronous=NORMAL)", () => {
    const file = join(dir, "b.db");
    const full = openSqlite(file);
    const crash = openSqlite(file, { durability: "crash" });
    try {
      expect(pragma(crash, "synchronous")).toBe(1);
      // Per connection: the other one on the same file still flushes, and sees the light one's commits.
      expect(pragma(full, "synchronous")).toBe(2);
      crash.exec("CREATE TABLE t (n INTEGER); INSERT INTO t VALUES (7)");
      expect(full.prepare("SELECT n FROM t").get()).toEqual({ n: 7 });
    } finally {
      crash.close();
      full.close();
    }
  });
});
