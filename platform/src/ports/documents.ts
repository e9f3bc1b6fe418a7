/**
 * The document port: a small subset of MongoDB's Collection API, so projections and queries are
 * written once in Mongo's query and update language and run unchanged on MongoDB and on the
 * embedded mingo adapter. Contract:
 * - Filters use Mongo query operators; updates use `$set`, `$unset`, `$inc`, `$push`, `$pull`.
 * - `updateOne` with `upsert: true` inserts when nothing matches; the inserted document takes the
 *   filter's equality fields. A unique-index violation (including `_id`) throws
 *   `DuplicateKeyError` (MongoDB code 11000), e.g. when a revision-guarded upsert finds the
 *   document already at a newer revision.
 * - `find` and `findOne` answer plain copies (mutating them changes nothing stored), unless asked
 *   for `shared` documents, which are only read.
 * - `createIndex` is honoured: equality, range, sort and limit on indexed keys avoid a full scan.
 */
export type Doc = { _id: string } & Record<string, unknown>;
export type Filter = Record<string, unknown>;
export type Update = Record<string, unknown>;
export type SortSpec = Record<string, 1 | -1>;

export interface FindOptions {
  sort?: SortSpec;
  skip?: number;
  limit?: number;
  projection?: Record<string, 0 | 1>;
  /**
   * The caller only reads what it gets (serialises it, or copies what it keeps): the embedded
   * store may answer its own documents, uncopied, and they must never be changed. MongoDB's
   * answers are the caller's own either way.
   */
  shared?: boolean;
}

export interface UpdateResult {
  matchedCount: number;
  modifiedCount: number;
  upsertedCount: number;
}

export interface Collection<T extends Doc = Doc> {
  findOne(filter: Filter, opts?: Pick<FindOptions, "projection" | "shared">): Promise<T | null>;
  find(filter: Filter, opts?: FindOptions): Promise<T[]>;
  updateOne(filter: Filter, update: Update, opts?: { upsert?: boolean }): Promise<UpdateResult>;
  /** Replaces the whole document (keeps `_id`); with upsert inserts it. */
  replaceOne(filter: Filter, doc: T, opts?: { upsert?: boolean }): Promise<UpdateResult>;
  deleteOne(filter: Filter): Promise<{ deletedCount: number }>;
  countDocuments(filter?: Filter): Promise<number>;
  createIndex(keys: SortSpec, opts?: { unique?: boolean; name?: string }): Promise<string>;
  /** Removes every document (for rebuilds and tests). */
  deleteMany(filter: Filter): Promise<{ deletedCount: number }>;
  /**
   * Bulk load (a rebuild's batches): stores each document whole under its `_id`, replacing the
   * one there or inserting it, in order. The documents are handed over: the caller must not
   * change them afterwards, so the embedded store can keep them without copying. A unique-index
   * violation throws DuplicateKeyError; the documents before it are stored.
   */
  storeMany(docs: T[]): Promise<void>;
}

export interface DocumentStore {
  collection<T extends Doc = Doc>(name: string): Collection<T>;
  close(): Promise<void>;
}

export class DuplicateKeyError extends Error {
  override name = "DuplicateKeyError";
  readonly code = 11000;
}
