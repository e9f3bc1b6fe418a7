import { MongoClient } from "mongodb";
import type { CredentialStore } from "../ports/secrets.ts";

export interface MongoCredentialStoreOptions {
  /** e.g. `mongodb://mongo:27017/shop`. */
  url: string;
  /** Defaults to the database in the URL's path. */
  dbName?: string;
  /** Defaults to `credentials`; not a read model, so a read-model rebuild must leave it alone. */
  collection?: string;
}

interface CredentialDoc {
  _id: string;
  hash: string;
  updatedAt: string;
}

/** Password hashes in a MongoDB collection of their own, out of the event log. */
export function createMongoCredentialStore(options: MongoCredentialStoreOptions): CredentialStore {
  const client = new MongoClient(options.url, {
    ignoreUndefined: true,
    ...(/[?&]serverSelectionTimeoutMS=/i.test(options.url) ? {} : { serverSelectionTimeoutMS: 5000 }),
    ...(/[?&]maxPoolSize=/i.test(options.url) ? {} : { maxPoolSize: 5 }),
  });
  const credentials = client
    .db(options.dbName)
    .collection<CredentialDoc>(options.collection ?? "credentials");
  let closing: Promise<void> | null = null;
  return {
    async put(credentialId, hash) {
      await credentials.updateOne(
        { _id: credentialId },
        { $set: { hash, updatedAt: new Date().toISOString() } },
        { upsert: true },
      );
    },
    async get(credentialId) {
      const doc = await credentials.findOne({ _id: credentialId }, { projection: { hash: 1 } });
      return doc ? doc.hash : null;
    },
    close() {
      closing ??= client.close();
      return closing;
    },
  };
}
