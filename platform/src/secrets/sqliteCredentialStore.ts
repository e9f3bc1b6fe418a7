import type { CredentialStore } from "../ports/secrets.ts";
import { openSqlite, waitBrieflyForLocks } from "../sqlite/openSqlite.ts";
import { orStorageUnavailable } from "../sqlite/storageFault.ts";

export interface SqliteCredentialStoreOptions {
  /** Usually `DATA_DIR/secrets.db`, shared with the secret store. */
  file: string;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS credentials (
  credential_id TEXT PRIMARY KEY,
  hash TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
`;

/** Password hashes in a durable table, out of the event log (events refer to a credential id). */
export function createSqliteCredentialStore(options: SqliteCredentialStoreOptions): CredentialStore {
  const db = openSqlite(options.file);
  db.exec(SCHEMA);
  waitBrieflyForLocks(db);
  const upsert = db.prepare(
    "INSERT INTO credentials (credential_id, hash, updated_at) VALUES (?, ?, ?) " +
      "ON CONFLICT(credential_id) DO UPDATE SET hash = excluded.hash, updated_at = excluded.updated_at",
  );
  const select = db.prepare("SELECT hash FROM credentials WHERE credential_id = ?");
  let closed = false;
  return {
    async put(credentialId, hash) {
      orStorageUnavailable("credential store", () =>
        upsert.run(credentialId, hash, new Date().toISOString()),
      );
    },
    async get(credentialId) {
      const row = orStorageUnavailable("credential store", () => select.get(credentialId));
      return row ? String(row.hash) : null;
    },
    async close() {
      if (closed) return;
      closed = true;
      db.close();
    },
  };
}
