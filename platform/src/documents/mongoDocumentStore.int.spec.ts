import { randomUUID } from "node:crypto";
import { MongoClient } from "mongodb";
import { afterAll, describe } from "vitest";
import type { CredentialStore } from "../ports/secrets.ts";
import { credentialStoreConformance } from "../secrets/credentialStore.conformance.ts";
import { createMongoCredentialStore } from "../secrets/mongoCredentialStore.ts";
import { documentStoreConformance } from "./documents.conformance.ts";
import { createMongoDocumentStore } from "./mongoDocumentStore.ts";

const url = process.env.MONGO_URL?.trim() || undefined;
if (!url) console.warn("skipped: no server (MONGO_URL unset) — MongoDB conformance not run");

// A database of its own per run, dropped afterwards, so the shop's own database is never touched.
const dbName = `conformance_${randomUUID().replaceAll("-", "")}`;

describe.skipIf(!url)("MongoDB (MONGO_URL)", () => {
  afterAll(async () => {
    const client = new MongoClient(url!, { serverSelectionTimeoutMS: 5000 });
    await client.db(dbName).dropDatabase();
    await client.close();
  });

  documentStoreConformance("MongoDB", async () => {
    const store = createMongoDocumentStore({ url: url!, dbName });
    await store.connect();
    return { store, cleanup: () => store.close() };
  });

  credentialStoreConformance("MongoDB", async () => {
    let store: CredentialStore = createMongoCredentialStore({ url: url!, dbName });
    return {
      get store() {
        return store;
      },
      async reopen() {
        await store.close();
        store = createMongoCredentialStore({ url: url!, dbName });
        return store;
      },
      cleanup: () => store.close(),
    };
  });
});
