/**
 * The baseline's floor mode (`BASELINE_FLOOR=1`, see baseline.ts), its two threads:
 * - "commit": the command's INSERTs of one turn in one transaction on a connection of its own
 *   (synchronous=FULL), as the shop's event store commits on its writer thread;
 * - "mail": one .eml-sized file per status change, written under a temporary name, flushed to
 *   disk and renamed, as the shop's mail thread writes its outbox.
 */
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { parentPort, workerData } from "node:worker_threads";

export interface FloorThreadData {
  role: "commit" | "mail";
  dir: string;
}
/** A row for the baseline's `commands` table: stream, type, data, created_at. */
export type FloorRow = [string, string, string, string];

const { role, dir } = workerData as FloorThreadData;
const port = parentPort!;
if (role === "commit") {
  const db = new DatabaseSync(join(dir, "baseline.db"));
  db.exec("PRAGMA journal_mode = WAL");
  db.exec("PRAGMA synchronous = FULL");
  db.exec("PRAGMA busy_timeout = 5000");
  const insert = db.prepare("INSERT INTO commands (stream, type, data, created_at) VALUES (?, ?, ?, ?)");
  port.on("message", (rows: FloorRow[]) => {
    db.exec("BEGIN IMMEDIATE");
    const positions = rows.map((row) => String(insert.run(...row).lastInsertRowid));
    db.exec("COMMIT");
    port.postMessage(positions);
  });
} else {
  const outbox = join(dir, "outbox");
  mkdirSync(outbox, { recursive: true, mode: 0o700 });
  // The size of a status mail of one or two lines (nodemailer's text and HTML parts).
  const body = Buffer.alloc(3500, "x");
  let written = 0;
  port.on("message", (mails: number) => {
    for (let i = 0; i < mails; i++) {
      // Named by a counter: the order id comes from a request's path, never a file name.
      const file = join(outbox, `status-${written++}.eml`);
      writeFileSync(`${file}.tmp`, body, { flush: true, mode: 0o600 });
      renameSync(`${file}.tmp`, file);
    }
  });
}
