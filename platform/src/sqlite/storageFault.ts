import { StoreUnavailableError } from "../ports/eventStore.ts";

/**
 * SQLite's primary result codes (https://sqlite.org/rescode.html) that say the storage failed, not
 * the statement: busy or locked past the busy timeout (5, 6), out of memory (7), a read-only file
 * (8), an I/O error (10), a full disk (13), a file that cannot be opened (14), a locking protocol
 * error (15). The same statement can succeed once the operator has made room or the lock is gone.
 */
const STORAGE_FAULTS = new Set([5, 6, 7, 8, 10, 13, 14, 15]);

/** The `errcode` of a node:sqlite error (an extended code: its low byte is the primary one). */
export const sqliteErrcode = (err: unknown): number | undefined => {
  const code = (err as { errcode?: unknown } | null)?.errcode;
  return typeof code === "number" ? code : undefined;
};

/** True for an error code that is the storage's fault (a full disk, an I/O error, a lock). */
export const isStorageFaultCode = (errcode: number | undefined): boolean =>
  errcode !== undefined && STORAGE_FAULTS.has(errcode & 0xff);

/** True for a node:sqlite error that is the storage's fault. */
export const isStorageFault = (err: unknown): boolean => isStorageFaultCode(sqliteErrcode(err));

/**
 * The error a caller gets for a failure known by its message and code (an error that crossed from
 * a thread as plain data): `StoreUnavailableError` for a storage fault, else a plain `Error` (a bug).
 */
export const storageError = (
  message: string,
  errcode: number | undefined,
  options?: { nothingWritten?: boolean },
): Error => (isStorageFaultCode(errcode) ? new StoreUnavailableError(message, options) : new Error(message));

/** True for SQLITE_BUSY or SQLITE_LOCKED: another connection held the lock past the busy timeout. */
export const isLockTimeoutCode = (errcode: number | undefined): boolean =>
  errcode !== undefined && ((errcode & 0xff) === 5 || (errcode & 0xff) === 6);

/**
 * Runs a SQLite call of an embedded store: a storage fault becomes `StoreUnavailableError`, which
 * the HTTP layer answers 503 with `Retry-After` and a process survives, instead of a 500. Nothing
 * was written by a statement that failed this way.
 */
export const orStorageUnavailable = <T>(what: string, call: () => T): T => {
  try {
    return call();
  } catch (err) {
    if (!isStorageFault(err)) throw err;
    throw new StoreUnavailableError(`${what} unavailable: ${(err as Error).message}`, { cause: err });
  }
};
