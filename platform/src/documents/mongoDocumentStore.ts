import {
  type Document,
  MongoClient,
  type Filter as MongoFilter,
  MongoServerError,
  type UpdateFilter,
} from "mongodb";
import type { Collection, Doc, DocumentStore, Filter, UpdateResult } from "../ports/documents.ts";
import { DuplicateKeyError } from "../ports/documents.ts";

export interface MongoDocumentStoreOptions {
  /** e.g. `mongodb://mongo:27017/shop`; options in the URL win over the defaults below. */
  url: string;
  /** Defaults to the database in the URL's path. */
  dbName?: string;
}

export interface MongoDocumentStore extends DocumentStore {
  /** Connects now, so a dead server shows up at boot (operations also connect by themselves). */
  connect(): Promise<void>;
}

/** Defaults from ADAPTER-NOTES checklist 10, applied only when the URL does not set them. */
const URL_DEFAULTS = { serverSelectionTimeoutMS: 5000, maxPoolSize: 20 } as const;

function clientOptions(url: string): Record<string, number | boolean> {
  const query = url.split("?")[1] ?? "";
  const given = new Set(query.split("&").map((pair) => pair.split("=")[0]?.toLowerCase()));
  const options: Record<string, number | boolean> = { ignoreUndefined: true };
  for (const [key, value] of Object.entries(URL_DEFAULTS)) {
    if (!given.has(key.toLowerCase())) options[key] = value;
  }
  return options;
}

/** MongoDB's duplicate-key error (11000) becomes the port's DuplicateKeyError. */
async function mapDuplicate<R>(operation: () => Promise<R>): Promise<R> {
  try {
    return await operation();
  } catch (error) {
    if (error instanceof MongoServerError && error.code === 11000)
      throw new DuplicateKeyError(error.message, { cause: error });
    throw error;
  }
}

const result = (r: { matchedCount: number; modifiedCount: number; upsertedCount: number }): UpdateResult => ({
  matchedCount: r.matchedCount,
  modifiedCount: r.modifiedCount,
  upsertedCount: r.upsertedCount,
});

// Our Filter/Update are Mongo's query and update language by contract (ports/documents.ts).
const filterOf = (filter: Filter) => filter as MongoFilter<Document>;

/** The production read-model store: the port maps one-to-one onto the MongoDB driver. */
export function createMongoDocumentStore(options: MongoDocumentStoreOptions): MongoDocumentStore {
  const client = new MongoClient(options.url, clientOptions(options.url));
  const db = client.db(options.dbName);
  let closing: Promise<void> | null = null;

  function collection<T extends Doc = Doc>(name: string): Collection<T> {
    const col = db.collection<Document>(name);
    return {
      async findOne(filter, opts) {
        const found = await col.findOne(filterOf(filter), { projection: opts?.projection });
        return found as T | null;
      },
      async find(filter, opts = {}) {
        const docs = await col
          .find(filterOf(filter), {
            sort: opts.sort,
            skip: opts.skip,
            limit: opts.limit,
            projection: opts.projection,
          })
          .toArray();
        return docs as unknown as T[];
      },
      updateOne(filter, update, opts) {
        return mapDuplicate(async () =>
          result(
            await col.updateOne(filterOf(filter), update as UpdateFilter<Document>, {
              upsert: opts?.upsert ?? false,
            }),
          ),
        );
      },
      replaceOne(filter, doc, opts) {
        return mapDuplicate(async () =>
          result(await col.replaceOne(filterOf(filter), doc, { upsert: opts?.upsert ?? false })),
        );
      },
      async deleteOne(filter) {
        const { deletedCount } = await col.deleteOne(filterOf(filter));
        return { deletedCount };
      },
      async storeMany(docs) {
        if (docs.length === 0) return;
        await mapDuplicate(() =>
          col.bulkWrite(
            docs.map((doc) => ({
              replaceOne: { filter: filterOf({ _id: doc._id }), replacement: doc as Document, upsert: true },
            })),
            { ordered: true },
          ),
        );
      },
      async deleteMany(filter) {
        const { deletedCount } = await col.deleteMany(filterOf(filter));
        return { deletedCount };
      },
      countDocuments(filter = {}) {
        return col.countDocuments(filterOf(filter));
      },
      createIndex(keys, opts = {}) {
        return mapDuplicate(() => col.createIndex(keys, opts));
      },
    };
  }

  return {
    collection,
    async connect() {
      await client.connect();
    },
    close() {
      // A closed MongoClient refuses work for good (ADAPTER-NOTES B7): close once.
      closing ??= client.close();
      return closing;
    },
  };
}
