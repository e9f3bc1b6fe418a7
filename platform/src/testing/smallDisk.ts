import { execFileSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";

export interface SmallDisk {
  /** The mounted folder (a tmpfs of its own). */
  dir: string;
  /** Writes a filler file until the disk answers ENOSPC. */
  fill(): void;
  /** Removes the filler: the disk has room again. */
  free(): void;
  /** Unmounts it and removes the mount point. */
  destroy(): void;
}

/**
 * A small disk of the suite's own for fault tests that fill it: a tmpfs mounted on a temp folder.
 * Mounting needs root (CAP_SYS_ADMIN); without it the answer says why, for the suite to skip and
 * print, never a fake pass.
 */
export function mountSmallDisk(sizeMb = 16): SmallDisk | { unavailable: string } {
  if (process.platform !== "linux") return { unavailable: "a tmpfs mount needs Linux" };
  const dir = mkdtempSync(join(tmpdir(), "small-disk-"));
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", `size=${sizeMb}m,mode=0700`, "tmpfs", dir], {
      stdio: "pipe",
    });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    const why = error instanceof Error ? error.message.split("\n")[0] : String(error);
    return { unavailable: `cannot mount a tmpfs here (needs root): ${why}` };
  }
  const filler = join(dir, "filler");
  return {
    dir,
    fill() {
      const fd = openSync(filler, "a");
      try {
        for (const size of [1 << 20, 4096, 512]) {
          const chunk = Buffer.alloc(size, 1);
          try {
            for (;;) writeSync(fd, chunk);
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
          }
        }
      } finally {
        closeSync(fd);
      }
    },
    free() {
      rmSync(filler, { force: true });
    },
    destroy() {
      try {
        execFileSync("umount", ["-l", dir], { stdio: "pipe" });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * Empties a SQLite database's write-ahead log (a TRUNCATE checkpoint on a connection of its own),
 * so its next commit must grow the file: on a full disk that commit then fails for certain, as one
 * does once the log's old frames are used up. Retried while a reader holds the log.
 */
export async function emptyWal(file: string): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const db = new DatabaseSync(file);
    try {
      db.exec("PRAGMA busy_timeout = 1000");
      const result = db.prepare("PRAGMA wal_checkpoint(TRUNCATE)").get() as { busy: number } | undefined;
      if (result?.busy === 0) return;
    } finally {
      db.close();
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`the write-ahead log of ${file} stayed in use`);
}
