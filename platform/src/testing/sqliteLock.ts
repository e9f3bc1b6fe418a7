import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";

/**
 * Another process holding `file`'s write lock (BEGIN IMMEDIATE), as the `sqlite3` tool left in a
 * transaction or a stuck script would, until `releaseWriteLock`.
 */
export const holdWriteLock = async (file: string): Promise<ChildProcess> => {
  const script = `
    const { DatabaseSync } = require("node:sqlite");
    const db = new DatabaseSync(process.argv[1]);
    db.exec("BEGIN IMMEDIATE");
    process.stdout.write("locked\\n");
    process.stdin.on("end", () => { db.exec("ROLLBACK"); db.close(); process.exit(0); });
    process.stdin.resume();`;
  const child = spawn(process.execPath, ["--no-warnings", "-e", script, file], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  if (!child.stdout) throw new Error("the lock holder has no stdout");
  await once(child.stdout, "data");
  return child;
};

/** Ends the holder's transaction and waits for it to exit. */
export const releaseWriteLock = async (holder: ChildProcess): Promise<void> => {
  const exited = once(holder, "exit");
  holder.stdin?.end();
  await exited;
};
