import { chmodSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";

export interface DataDirLock {
  release(): void;
}

/**
 * Holds DATA_DIR for one shop while it runs: an exclusive SQLite lock on `DATA_DIR/shop.lock`,
 * taken at start and kept by its connection (`locking_mode = EXCLUSIVE`), which the kernel
 * releases however the process ends (a SIGKILL too). Two shops on one folder both took writes and
 * both sent the same mails, and the one stopped last checkpointed the other's WAL away: a second
 * start is refused instead, saying why.
 */
export function lockDataDir(dir: string): DataDirLock {
  const file = join(dir, "shop.lock");
  const db = new DatabaseSync(file);
  try {
    chmodSync(file, 0o600);
    db.exec("PRAGMA locking_mode = EXCLUSIVE");
    // The first write takes the exclusive lock, and the connection keeps it until it closes.
    db.exec("CREATE TABLE IF NOT EXISTS holder (pid INTEGER NOT NULL, since TEXT NOT NULL)");
    db.exec("DELETE FROM holder");
    db.prepare("INSERT INTO holder (pid, since) VALUES (?, ?)").run(process.pid, new Date().toISOString());
  } catch (error) {
    db.close();
    if (/locked|busy/i.test((error as Error).message))
      throw new Error(
        `another shop is running on ${dir} (DATA_DIR): stop it first, or give this one a DATA_DIR of its own`,
        { cause: error },
      );
    throw error;
  }
  return { release: () => db.close() };
}
