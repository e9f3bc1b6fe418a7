import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client } from "./testing/client.ts";
import { startTestShop, type TestShop } from "./testing/testShop.ts";

/**
 * What another process sees of `DATA_DIR/<file>` through SQLite, as the `sqlite3` tool, a backup
 * script or `npm run create-user` would open it while the shop runs.
 */
const readFromOutside = (file: string, sql: string): number =>
  Number(
    execFileSync(
      process.execPath,
      [
        "--no-warnings",
        "-e",
        `const { DatabaseSync } = require("node:sqlite");
         const db = new DatabaseSync(${JSON.stringify(file)});
         process.stdout.write(String(Object.values(db.prepare(${JSON.stringify(sql)}).get())[0]));
         db.close();`,
      ],
      { encoding: "utf8" },
    ),
  );

/**
 * A fault probe: the shop held no lock of its own on its SQLite files (opening a file with
 * node:fs to set its mode and closing it drops every POSIX lock the process holds on it). The
 * first other process to open and close `events.db` took itself for the last connection: it
 * checkpointed and deleted the WAL the shop was writing to. Every later event went into a deleted
 * file — invisible to other readers, and lost at the shop's next crash.
 */
describe("another process reading the shop's SQLite files while it runs", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop();
  });
  afterAll(() => shop.destroy());

  const send = (message: string) =>
    client(shop.url).post("/api/messages", { name: "Ravi", email: "ravi@example.com", message });

  it("leaves the shop's WAL in place, and sees what the shop writes after it", async () => {
    const events = join(shop.dataDir, "events.db");
    expect((await send("Before the reader")).status).toBe(201);
    const before = readFromOutside(events, "SELECT count(*) FROM events");
    expect(existsSync(`${events}-wal`)).toBe(true);
    expect((await send("After the reader")).status).toBe(201);
    expect(readFromOutside(events, "SELECT count(*) FROM events")).toBe(before + 1);
    expect(existsSync(`${events}-wal`)).toBe(true);
    // The secrets' file too (sessions, rate limits): opened twice by the shop itself.
    readFromOutside(join(shop.dataDir, "secrets.db"), "SELECT count(*) FROM sqlite_master");
    expect(existsSync(join(shop.dataDir, "secrets.db-wal"))).toBe(true);
  });
});
