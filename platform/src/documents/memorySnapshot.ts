import { existsSync, rmSync } from "node:fs";
import type { DatabaseSync } from "node:sqlite";
import { deserialize, serialize } from "node:v8";
import type { Worker } from "node:worker_threads";
import { comparePositions } from "@shop/contracts";
import { startThread } from "../ops/startThread.ts";
import { holdYoungGeneration } from "../ops/youngGeneration.ts";
import type { Doc } from "../ports/documents.ts";
import { CHECKPOINTS } from "../readModels/checkpoints.ts";
import {
  BUSY_TIMEOUT_MS,
  immediateTransaction,
  openSqlite,
  waitBrieflyForLocks,
} from "../sqlite/openSqlite.ts";
import { type ColdPolicy, type ColdTier, isStub, markStub, stubOf } from "./coldTier.ts";
import type { RankedOrder } from "./memoryCollection.ts";
import type { MemoryDocumentStore } from "./memoryDocumentStore.ts";
import { type RowWrites, rowWrites } from "./snapshotRows.ts";
import type { SnapshotRow, SnapshotWriteMessage } from "./snapshotWriterThread.ts";

/**
 * The layout of the snapshot file and of its documents' encoding; a file of another format is
 * refused like one of another projection version.
 */
const FORMAT = 3;

export interface MemorySnapshotOptions {
  /** The SQLite file (DATA_DIR/read-models.db in the standalone). */
  file: string;
  /**
   * What made the documents (the projections' fingerprint): a snapshot written under another
   * version is refused, so changed projection code rebuilds its read models from the log.
   */
  version: string;
  /** The collections saved: the read models and the checkpoint collection (`checkpoints`). */
  collections: readonly string[];
  /** The checkpoint document in `checkpoints` whose position the snapshot records (default "projector"). */
  checkpointId?: string;
  /**
   * Documents a background write encodes per turn of the event loop at most (default 32); a
   * chunk also ends once it has held the loop `CHUNK_MS`.
   */
  chunkDocuments?: number;
  /**
   * Collections whose cold documents leave memory once saved: a stub (`policy.fields`) stays,
   * the whole document is read back from the file by `_id` when a query returns it or a write
   * changes it (coldTier.ts). A load reads only the stubs of the documents saved cold.
   */
  cold?: Readonly<Record<string, ColdPolicy>>;
  /** The clock `ColdPolicy.isCold` is asked with (tests). */
  now?: () => number;
  /**
   * Top-level fields whose strings are unique to their document (`_id` always; e.g. positions,
   * timestamps): a load does not pool them for sharing, which would only cost time and memory.
   */
  unpooled?: readonly string[];
}

export type SnapshotLoad =
  | {
      loaded: true;
      position: string;
      documents: number;
      ms: number;
      /** Indexes that took the order saved at the last graceful stop instead of a sort. */
      indexOrders: number;
    }
  | {
      loaded: false;
      reason: "none" | "unreadable" | "version" | "ahead of the log" | "incomplete";
      detail?: string;
    };

export interface SnapshotWrite {
  /** Documents written or deleted. */
  documents: number;
  /**
   * Time the event loop was held: serializing and the SQLite transaction, or for a background
   * write the sum of its chunks' encoding.
   */
  ms: number;
  /** The checkpoint position saved with them. */
  position: string | undefined;
  full: boolean;
}

export interface MemorySnapshot {
  /**
   * Fills the (empty) collections from the snapshot when it is whole, of this `version`, and not
   * beyond `head` (the log's last position); otherwise leaves them empty and says why (the caller
   * rebuilds from the log, and the next `write` replaces the refused snapshot entirely). Create
   * the collections' indexes first: documents stored into an empty collection build each index
   * once.
   */
  load(head: string): Promise<SnapshotLoad>;
  /**
   * Writes what changed since the last write (every document after a refused or missing
   * snapshot), with the checkpoint, in one SQLite transaction: the file always holds collections
   * and the checkpoint they reflect, or the previous snapshot when a write is cut short. Call it
   * between projector batches, when the documents match their checkpoint. Refused while a
   * background write runs (its older commit would land after this one): await that first.
   */
  write(): SnapshotWrite;
  /**
   * The same write with only the encoding on this thread, in chunks of `chunkDocuments`, one per
   * turn of the event loop; the SQLite transaction runs on a worker thread. It saves the
   * collections and checkpoint as they are when it is called, however they change while it runs.
   * One at a time: while one runs, this answers it, and what changes meanwhile waits for the
   * next. A full write (none made yet, or the last one failed) runs here, as `write`. A failed
   * write makes the next one full.
   */
  writeInBackground(): Promise<SnapshotWrite>;
  /** Documents changed since the last write. */
  pending(): number;
  /**
   * Leaves in memory only the stubs of the saved documents that have become cold since they were
   * saved (time passes), marking them cold in the file too; none while a write runs or before a
   * load or write. Answers how many left memory.
   */
  evictCold(): number;
  /**
   * Saves every index's order beside the documents, when the file holds exactly what the
   * collections hold (nothing pending, no write running): the next load takes them instead of
   * sorting. Any later write of documents drops them. For a graceful stop, after the last write.
   * Answers how many were saved.
   */
  saveIndexOrders(): number;
  /** Waits for a background write still running, then closes the file (and the thread). */
  close(): Promise<void>;
}

/** Rows a load reads per query. */
const LOAD_PAGE = 2000;
/**
 * How large V8's young generation may grow while the snapshot loads (both semi-spaces): every
 * document loaded survives, and without a cap V8 would size it for this one load (2 × 64 MiB).
 */
const LOAD_YOUNG_GENERATION_BYTES = 32 * 1024 * 1024;

/** A background write's chunk ends once it has held the event loop this long (ms). */
const CHUNK_MS = 0.5;

/** Strings up to this length are shared between the documents loaded (titles, ids, addresses). */
const INTERN_MAX = 200;

/**
 * Replaces every short string in `value` by one instance per distinct text: deserialized
 * documents each get their own copy of every string, while most of an order's text (product
 * titles, image paths, the customer, the school) repeats across thousands of documents.
 */
const intern = (value: unknown, pool: Map<string, string>): unknown => {
  if (typeof value === "string") {
    if (value.length > INTERN_MAX) return value;
    const known = pool.get(value);
    if (known !== undefined) return known;
    pool.set(value, value);
    return value;
  }
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = intern(value[i], pool);
    return value;
  }
  if (value instanceof Date) return value;
  const obj = value as Record<string, unknown>;
  for (const key in obj) obj[key] = intern(obj[key], pool);
  return value;
};

/**
 * `intern` over a document, except its `unpooled` top-level fields: their text is the document's
 * own (its `_id`, a position), so pooling it would only cost time and the pool's memory. One that
 * repeats the `_id` (an order's `id`) shares the `_id`'s string.
 */
const internDoc = (doc: Doc, pool: Map<string, string>, unpooled: ReadonlySet<string>): Doc => {
  for (const key in doc) {
    if (!unpooled.has(key)) doc[key] = intern(doc[key], pool);
    else if (key !== "_id" && doc[key] === doc._id) doc[key] = doc._id;
  }
  return doc;
};

/**
 * True when JSON gives `value` back exactly: strings, booleans, null, finite numbers (not -0),
 * and arrays and plain objects of those. Dates, and anything else, need v8 serialization.
 */
const jsonExact = (value: unknown): boolean => {
  switch (typeof value) {
    case "string":
    case "boolean":
      return true;
    case "number":
      return Number.isFinite(value) && !Object.is(value, -0);
    case "object": {
      if (value === null) return true;
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) if (!(i in value) || !jsonExact(value[i])) return false;
        return true;
      }
      if (Object.getPrototypeOf(value) !== Object.prototype) return false;
      const obj = value as Record<string, unknown>;
      for (const key in obj) if (!jsonExact(obj[key])) return false;
      return true;
    }
    default:
      return false;
  }
};

/**
 * A document as stored: JSON text when JSON gives it back exactly (about 3× cheaper to write and
 * 2× to read than v8 serialization), else a v8-serialized blob (Dates and the like).
 */
const encode = (doc: Readonly<Doc>): string | Uint8Array =>
  jsonExact(doc) ? JSON.stringify(doc) : serialize(doc);
const decode = (stored: unknown): unknown =>
  typeof stored === "string" ? JSON.parse(stored) : deserialize(stored as Uint8Array);

const openFile = (file: string): DatabaseSync => {
  // WAL: a write cut short (crash, power loss) rolls back to the previous commit. "crash"
  // (synchronous=NORMAL): a power loss may lose the last snapshot, never tear it; the log has those
  // events anyway. The file is the owner's alone, as every embedded store's (openSqlite).
  const db = openSqlite(file, { durability: "crash" });
  // A full write leaves a WAL as large as the file; it is truncated after it, and kept small after.
  db.exec("PRAGMA journal_size_limit = 16777216");
  db.exec(`CREATE TABLE IF NOT EXISTS meta (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    format INTEGER NOT NULL,
    version TEXT NOT NULL,
    position TEXT,
    documents INTEGER NOT NULL,
    written_at TEXT NOT NULL
  )`);
  // What a load reads, one row per document: the document, or its stub when it is cold (format 3;
  // format 2 kept a cold document's body in the same row, so a load read past every body).
  // A file of an earlier format is refused by `load` (its meta row says so) and rebuilt: its
  // documents' table goes now, for this one.
  const docColumns = db.prepare("SELECT name FROM pragma_table_info('docs')").all();
  if (docColumns.length > 0 && !docColumns.some((c) => c.name === "cold")) {
    db.exec("DROP TABLE docs");
    db.exec("DROP TABLE IF EXISTS index_orders");
  }
  // A rowid table: documents of a few kB would waste most of a WITHOUT ROWID table's pages.
  db.exec(`CREATE TABLE IF NOT EXISTS docs (
    coll TEXT NOT NULL,
    id TEXT NOT NULL,
    doc BLOB NOT NULL,
    cold INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (coll, id)
  )`);
  // The whole document of each cold one (see coldTier.ts), read back by key only.
  db.exec(`CREATE TABLE IF NOT EXISTS bodies (
    coll TEXT NOT NULL,
    id TEXT NOT NULL,
    doc BLOB NOT NULL,
    PRIMARY KEY (coll, id)
  )`);
  // Each index's order as saved at a graceful stop (`saveIndexOrders`). `meta.orders` is 1 only
  // while they match the documents: every write of documents replaces the meta row, setting it
  // back to 0 (its default), in the same transaction.
  // An order is each document's rank in the collection's rows' order (rowid), as 32-bit integers:
  // a load maps them onto the documents it has just read, in that order, without a string each.
  db.exec(`CREATE TABLE IF NOT EXISTS index_orders (
    coll TEXT NOT NULL,
    name TEXT NOT NULL,
    spec TEXT NOT NULL,
    unplannable INTEGER NOT NULL,
    ranks BLOB NOT NULL,
    PRIMARY KEY (coll, name)
  )`);
  const metaColumns = db.prepare("SELECT name FROM pragma_table_info('meta')").all();
  if (!metaColumns.some((c) => c.name === "orders"))
    db.exec("ALTER TABLE meta ADD COLUMN orders INTEGER NOT NULL DEFAULT 0");
  return db;
};

/**
 * A durable copy of a memory document store's collections in a SQLite file, so a restart loads
 * them and replays only the log's tail instead of the whole log. Documents are stored one per
 * row (JSON, or v8 serialization for those JSON would change: Dates come back as Dates), and after the
 * first write only the changed ones are written again, so a write costs what changed, not the
 * whole store; a background write spreads that over chunks, a fraction of a millisecond each.
 */
export const openMemorySnapshot = (
  docs: MemoryDocumentStore,
  opts: MemorySnapshotOptions,
): MemorySnapshot => {
  const names = new Set(opts.collections);
  if (!names.has(CHECKPOINTS)) throw new Error(`a snapshot needs the ${CHECKPOINTS} collection`);
  const checkpointId = opts.checkpointId ?? "projector";
  const chunkDocuments = Math.max(1, opts.chunkDocuments ?? 32);
  let db: DatabaseSync;
  try {
    db = openFile(opts.file);
  } catch {
    // Not a database (a torn or foreign file): start a new one.
    removeFiles(opts.file);
    db = openFile(opts.file);
  }
  /** Until a valid snapshot is loaded or written, a write saves everything. */
  let full = true;
  /** Changed documents per collection; emptied by each write. */
  const dirty = new Map<string, Set<string>>();
  const cleared = new Set<string>();
  let pending = 0;
  let loading = false;
  let worker: Worker | undefined;
  let running: Promise<SnapshotWrite> | undefined;
  const cold = new Map(Object.entries(opts.cold ?? {}).filter(([name]) => names.has(name)));
  const now = opts.now ?? Date.now;
  const unpooled = new Set(["_id", ...(opts.unpooled ?? [])]);
  /** Per cold collection, a connection that reads whole documents back (it sees only commits). */
  const readers: DatabaseSync[] = [];
  const tiers = new Map<string, ColdTier>();
  for (const [name, policy] of cold) {
    const reader = openSqlite(opts.file, { durability: "crash" });
    readers.push(reader);
    const get = reader.prepare("SELECT doc FROM bodies WHERE coll = ? AND id = ?");
    const tier: ColdTier = {
      fields: new Set(policy.fields),
      body(id) {
        const row = get.get(name, id);
        if (!row) throw new Error(`cold document ${id} of ${name} is missing from ${opts.file}`);
        return decode(row.doc) as Doc;
      },
    };
    tiers.set(name, tier);
    docs.collection(name).useTier(tier);
  }
  /** The stub `doc` is saved with when it is cold now, else null. */
  const stubFor = (name: string, doc: Readonly<Doc>): Doc | null => {
    const policy = cold.get(name);
    return policy?.isCold(doc, now()) ? stubOf(doc, policy.fields) : null;
  };
  /** Saved cold: [collection, id, the document saved, its stub]; evicted once committed. */
  type Eviction = [string, string, Readonly<Doc>, Doc];
  const evictAll = (evictions: Eviction[]) => {
    for (const [name, id, doc, stub] of evictions) docs.collection(name).evict(id, doc, stub);
  };
  /** A stored document whole (a stub read back), for a write of every document. */
  const wholeOf = (name: string, doc: Readonly<Doc>): Readonly<Doc> =>
    isStub(doc as Doc) ? (tiers.get(name)?.body(doc._id) ?? doc) : doc;
  const unwatch = docs.watch({
    changed(collection, id) {
      if (full || loading || !names.has(collection)) return;
      let set = dirty.get(collection);
      if (!set) {
        set = new Set();
        dirty.set(collection, set);
      }
      if (!set.has(id)) {
        set.add(id);
        pending += 1;
      }
    },
    cleared(collection) {
      if (full || loading || !names.has(collection)) return;
      cleared.add(collection);
      pending -= dirty.get(collection)?.size ?? 0;
      dirty.delete(collection);
    },
  });
  let statements: RowWrites | undefined;
  const prepared = (): RowWrites => {
    statements ??= rowWrites(db);
    return statements;
  };
  const position = (): string | undefined =>
    (docs.collection(CHECKPOINTS).peek(checkpointId) as { position?: string } | undefined)?.position;

  const emptyAll = async () => {
    for (const name of names) await docs.collection(name).deleteMany({});
  };

  return {
    async load(head) {
      const started = performance.now();
      let meta: Record<string, unknown> | undefined;
      try {
        meta = db.prepare("SELECT format, version, position, documents, orders FROM meta WHERE id = 1").get();
      } catch (err) {
        return { loaded: false, reason: "unreadable", detail: String(err) };
      }
      if (!meta) return { loaded: false, reason: "none" };
      if (meta.format !== FORMAT || meta.version !== opts.version)
        return { loaded: false, reason: "version", detail: `${meta.format}/${meta.version}` };
      const at = typeof meta.position === "string" ? meta.position : "0";
      if (comparePositions(at, head) > 0)
        return { loaded: false, reason: "ahead of the log", detail: `${at} > ${head}` };
      loading = true;
      const young = holdYoungGeneration(LOAD_YOUNG_GENERATION_BYTES);
      try {
        let documents = 0;
        // Read in the table's own order, then each collection stored at once while it is empty,
        // so `storeMany` fills its map and sorts each index once.
        const byCollection = new Map<string, Doc[]>();
        const pool = new Map<string, string>();
        // A cold document's stub, its body left in the file (a collection no longer kept cold takes
        // the body). Read in pages of rows as arrays: about half the cost of an iterator's object
        // per row.
        const tiered = [...tiers.keys()];
        const page = db.prepare(
          `SELECT rowid, coll, id, CASE WHEN cold = 0 OR coll IN (${tiered.map(() => "?").join(", ")}) THEN doc ELSE (SELECT b.doc FROM bodies b WHERE b.coll = docs.coll AND b.id = docs.id) END AS doc, cold = 1 AND coll IN (${tiered.map(() => "?").join(", ")}) AS cold FROM docs WHERE rowid > ? ORDER BY rowid LIMIT ${LOAD_PAGE}`,
        );
        page.setReturnArrays(true);
        for (let after = 0; ; ) {
          const rows = page.all(...tiered, ...tiered, after) as unknown as [
            number,
            string,
            string,
            unknown,
            number,
          ][];
          if (rows.length === 0) break;
          after = rows[rows.length - 1]![0];
          young.check();
          for (const [, coll, id, stored, cold] of rows) {
            if (!names.has(coll)) continue;
            const parsed = internDoc(decode(stored) as Doc, pool, unpooled);
            const doc = cold ? markStub(parsed) : parsed;
            if (doc._id !== id) throw new Error(`document ${id} of ${coll} holds _id ${doc._id}`);
            let list = byCollection.get(coll);
            if (!list) {
              list = [];
              byCollection.set(coll, list);
            }
            list.push(doc);
            documents += 1;
          }
        }
        const ranked =
          meta.orders === 1
            ? db.prepare("SELECT coll, name, spec, unplannable, ranks FROM index_orders").all()
            : [];
        let indexOrders = 0;
        for (const [coll, list] of byCollection) {
          const orders = new Map<string, RankedOrder>();
          for (const row of ranked) {
            if (row.coll !== coll) continue;
            // Not a whole number of ranks (a damaged row): that index is sorted instead.
            const stored = row.ranks;
            if (!(stored instanceof Uint8Array) || stored.byteLength % 4 !== 0) continue;
            orders.set(String(row.name), {
              spec: String(row.spec),
              unplannable: Number(row.unplannable),
              ranks:
                stored.byteOffset % 4 === 0
                  ? new Int32Array(stored.buffer, stored.byteOffset, stored.byteLength / 4)
                  : new Int32Array(stored.slice().buffer),
            });
          }
          indexOrders += await docs.collection(coll).storeLoaded(list, orders);
          byCollection.delete(coll);
        }
        if (documents !== meta.documents) {
          await emptyAll();
          return {
            loaded: false,
            reason: "incomplete",
            detail: `${documents} of ${String(meta.documents)} documents`,
          };
        }
        if ((position() ?? "0") !== at) {
          await emptyAll();
          return { loaded: false, reason: "incomplete", detail: "the checkpoint document disagrees" };
        }
        full = false;
        return { loaded: true, position: at, documents, ms: performance.now() - started, indexOrders };
      } catch (err) {
        await emptyAll();
        return { loaded: false, reason: "unreadable", detail: String(err) };
      } finally {
        young.release();
        loading = false;
      }
    },
    write() {
      if (running) throw new Error("a background snapshot write is running: await it before writing");
      const started = performance.now();
      const rows = prepared();
      const at = position();
      let written = 0;
      const wasFull = full;
      const evictions: Eviction[] = [];
      const save = (name: string, stored: Readonly<Doc>) => {
        const doc = wholeOf(name, stored);
        const stub = stubFor(name, doc);
        rows.put(name, doc._id, encode(doc), stub && encode(stub));
        if (stub) evictions.push([name, doc._id, stored, stub]);
        written += 1;
      };
      db.exec("BEGIN IMMEDIATE");
      try {
        if (full) {
          // Stubs are read back whole through another connection, which still sees this file's
          // last commit, not this transaction's deletion.
          rows.clear();
          for (const name of names) for (const doc of docs.collection(name).peekAll()) save(name, doc);
        } else {
          for (const name of cleared) {
            rows.clear(name);
            for (const doc of docs.collection(name).peekAll()) save(name, doc);
          }
          for (const [name, ids] of dirty) {
            if (cleared.has(name)) continue;
            const coll = docs.collection(name);
            for (const id of ids) {
              const doc = coll.peek(id);
              if (doc) save(name, doc);
              else {
                rows.del(name, id);
                written += 1;
              }
            }
          }
        }
        // The file now holds exactly what the collections hold.
        let count = 0;
        for (const name of names) count += docs.collection(name).size();
        db.prepare(
          "INSERT OR REPLACE INTO meta (id, format, version, position, documents, written_at) VALUES (1, ?, ?, ?, ?, ?)",
        ).run(FORMAT, opts.version, at ?? null, count, new Date().toISOString());
        db.exec("COMMIT");
      } catch (err) {
        if (db.isTransaction) db.exec("ROLLBACK");
        throw err;
      }
      evictAll(evictions);
      if (wasFull) db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
      full = false;
      dirty.clear();
      cleared.clear();
      pending = 0;
      return { documents: written, ms: performance.now() - started, position: at, full: wasFull };
    },
    writeInBackground() {
      if (running) return running;
      // A full write too (the first after a failed one): done here, it held every request for as
      // long as it took, 15 s for the bench's 300 k documents, plus the lock's 5 s when another
      // process held the file. Every collection is taken, and the thread empties the file first.
      const wasFull = full;
      if (wasFull) {
        full = false;
        for (const name of names) cleared.add(name);
      }
      // Taken now, all at once: the checkpoint, the count and the changed documents themselves.
      // A stored document is never changed in place (every write stores a new object), so the
      // chunks encoded later still read the collections as they are at this moment, with the
      // checkpoint they reflect, however the documents change meanwhile.
      const at = position();
      const taken: [string, string, Readonly<Doc> | undefined][] = [];
      // Saved cold, to leave memory once committed if unchanged by then.
      const evictions: Eviction[] = [];
      for (const name of cleared) {
        for (const doc of docs.collection(name).peekAll()) taken.push([name, doc._id, doc]);
      }
      for (const [name, ids] of dirty) {
        if (cleared.has(name)) continue;
        const coll = docs.collection(name);
        for (const id of ids) taken.push([name, id, coll.peek(id)]);
      }
      let count = 0;
      for (const name of names) count += docs.collection(name).size();
      const commit: SnapshotWriteMessage = {
        kind: "commit",
        file: opts.file,
        cleared: [...cleared],
        all: wasFull,
        meta: { format: FORMAT, version: opts.version, position: at ?? null, documents: count },
      };
      dirty.clear();
      cleared.clear();
      pending = 0;
      worker ??= startThread(new URL("./snapshotWriterThread.ts", import.meta.url));
      worker.unref();
      const thread = worker;
      let heldMs = 0;
      running = new Promise<SnapshotWrite>((resolve, reject) => {
        let settled = false;
        const done = (reply: { ok: boolean; error?: string }) => {
          if (settled) return;
          settled = true;
          thread.off("message", done);
          thread.off("error", failed);
          if (reply.ok) {
            // Committed: what was saved cold and has not changed since leaves memory.
            evictAll(evictions);
            resolve({ documents: taken.length, ms: heldMs, position: at, full: wasFull });
          } else {
            // The changes it carried are no longer tracked: the next write saves everything.
            full = true;
            reject(new Error(`snapshot write failed: ${reply.error}`));
          }
        };
        const failed = (err: Error) => {
          if (worker === thread) worker = undefined;
          done({ ok: false, error: String(err) });
        };
        thread.once("message", done);
        thread.once("error", failed);
        // One chunk per turn of the event loop: requests, socket messages and projector batches
        // run between chunks, and the thread receives the rows as they are encoded.
        let next = 0;
        const chunk = () => {
          if (settled) return;
          const started = performance.now();
          const rows: SnapshotRow[] = [];
          try {
            const end = Math.min(taken.length, next + chunkDocuments);
            while (next < end) {
              const [name, id, stored] = taken[next++] as [string, string, Readonly<Doc> | undefined];
              if (!stored) {
                rows.push([name, id, null, null]);
              } else {
                const doc = wholeOf(name, stored);
                const stub = stubFor(name, doc);
                rows.push([name, id, encode(doc), stub && encode(stub)]);
                if (stub) evictions.push([name, id, stored, stub]);
              }
              if (performance.now() - started >= CHUNK_MS) break;
            }
          } catch (err) {
            thread.postMessage({ kind: "abort" } satisfies SnapshotWriteMessage);
            done({ ok: false, error: String(err) });
            return;
          }
          if (rows.length > 0) thread.postMessage({ kind: "rows", rows } satisfies SnapshotWriteMessage);
          heldMs += performance.now() - started;
          if (next < taken.length) setImmediate(chunk);
          else thread.postMessage(commit);
        };
        setImmediate(chunk);
      }).finally(() => {
        running = undefined;
      });
      return running;
    },
    pending: () => (full ? Number.POSITIVE_INFINITY : pending),
    evictCold() {
      if (full || running || cold.size === 0) return 0;
      const evictions: Eviction[] = [];
      for (const name of cold.keys()) {
        const changed = dirty.get(name);
        if (cleared.has(name)) continue;
        for (const doc of docs.collection(name).peekAll()) {
          if (isStub(doc as Doc) || changed?.has(doc._id)) continue;
          const stub = stubFor(name, doc);
          if (stub) evictions.push([name, doc._id, doc, stub]);
        }
      }
      if (evictions.length === 0) return 0;
      const rows = prepared();
      // On the event loop: a lock another process holds (the sqlite3 tool in a transaction) skips
      // this sweep (SQLITE_BUSY, the next one tries again) rather than holding every request 5 s.
      waitBrieflyForLocks(db);
      try {
        immediateTransaction(db, () => {
          for (const [name, id, , stub] of evictions) rows.markCold(name, id, encode(stub));
        });
      } finally {
        db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
      }
      evictAll(evictions);
      return evictions.length;
    },
    saveIndexOrders() {
      if (full || running || pending > 0) return 0;
      const put = db.prepare(
        "INSERT INTO index_orders (coll, name, spec, unplannable, ranks) VALUES (?, ?, ?, ?, ?)",
      );
      const rows = db.prepare("SELECT id FROM docs WHERE coll = ? ORDER BY rowid");
      rows.setReturnArrays(true);
      let saved = 0;
      immediateTransaction(db, () => {
        db.exec("DELETE FROM index_orders");
        for (const name of names) {
          // An empty collection has nothing to sort at load (and SQLite stores an empty blob as null).
          const orders = docs.collection(name).indexOrders();
          if (orders.length === 0 || docs.collection(name).size() === 0) continue;
          // Each document's rank in the order a load reads the collection's rows.
          const rank = new Map<string, number>();
          for (const [id] of rows.all(name) as unknown as [string][]) rank.set(id, rank.size);
          for (const order of orders) {
            const ranks = new Int32Array(order.ids.length);
            for (let i = 0; i < order.ids.length; i++) ranks[i] = rank.get(order.ids[i]!) ?? -1;
            put.run(name, order.name, order.spec, order.unplannable, new Uint8Array(ranks.buffer));
            saved += 1;
          }
        }
        db.exec("UPDATE meta SET orders = 1 WHERE id = 1");
      });
      return saved;
    },
    async close() {
      unwatch();
      await running?.catch(() => {});
      await worker?.terminate();
      db.close();
      for (const reader of readers) reader.close();
    },
  };
};

const removeFiles = (file: string) => {
  for (const f of [file, `${file}-wal`, `${file}-shm`]) if (existsSync(f)) rmSync(f, { force: true });
};
