/**
 * A replay's reader (worker thread entry): reads the pages `readPages` asks for on a connection of
 * its own, parses each event's JSON, runs the caller's decoder on its data (the projector's
 * upcast and validation), and posts each page as one JSON text. The thread that projects then
 * pays one `JSON.parse` per page instead of the SQLite read, two parses and the decoding per
 * event: those run here, on another core, while it projects the page before.
 */
import type { SQLOutputValue } from "node:sqlite";
import { parentPort, workerData } from "node:worker_threads";
import type { EventMetadata } from "@shop/contracts";
import { openSqlite } from "../sqlite/openSqlite.ts";
import { parseStored } from "./storedJson.ts";

export interface PageReaderData {
  file: string;
  /** Exclusive. */
  from: string;
  /** Inclusive. */
  to: string;
  pageSize: number;
  /** A module URL exporting `decode(type, data, schemaVersion)`. */
  decoder: string;
  /** The metadata fields the caller reads (`ReadPagesOptions.only`): then no id or time either. */
  metadata?: readonly string[];
}

/** To the reader: read this many more pages. */
export type PageReaderRequest = number;
/** From the reader: a page (JSON of `RecordedEvent[]`), the end, or why it stopped. */
export type PageReaderMessage = { page: string } | { done: true } | { error: string };

type Decode = (type: string, data: unknown, schemaVersion: number | undefined) => unknown;

const port = parentPort;
if (!port) throw new Error("sqlitePageReaderThread runs as a worker thread");
const opts = workerData as PageReaderData;
const { decode } = (await import(opts.decoder)) as { decode: Decode };
const db = openSqlite(opts.file);
const select = db.prepare(
  "SELECT position, id, stream, revision, type, data, metadata, created_at FROM events " +
    "WHERE position > ? AND position <= ? ORDER BY position LIMIT ?",
);
select.setReturnArrays(true);
const to = BigInt(opts.to);
let after = BigInt(opts.from);
const kept = opts.metadata;

/** The metadata fields the caller reads (`kept`), or all of them. */
const keptOf = (metadata: Record<string, unknown>): Record<string, unknown> => {
  if (!kept) return metadata;
  const picked: Record<string, unknown> = {};
  for (const field of kept) if (metadata[field] !== undefined) picked[field] = metadata[field];
  return picked;
};

const readPage = (): PageReaderMessage => {
  if (after >= to) return { done: true };
  const rows = select.all(after, to, opts.pageSize) as unknown as SQLOutputValue[][];
  if (rows.length === 0) return { done: true };
  const page = new Array(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    const type = String(r[4]);
    const metadata = parseStored(String(r[6]), "metadata", r[0], r[1]) as EventMetadata;
    const event: Record<string, unknown> = {
      streamName: String(r[2]),
      type,
      revision: Number(r[3]),
      position: String(r[0]),
      data: decode(type, parseStored(String(r[5]), "data", r[0], r[1]), metadata.schemaVersion),
      metadata: keptOf(metadata),
      decoded: true,
    };
    // A caller that named what it reads gets no id or time either.
    if (!kept) {
      event.id = String(r[1]);
      event.createdAt = String(r[7]);
    }
    page[i] = event;
  }
  after = BigInt(rows[rows.length - 1]![0] as number | bigint);
  return { page: JSON.stringify(page) };
};

let finished = false;
port.on("message", (pages: PageReaderRequest) => {
  // A read-ahead request may still be queued behind the last answer.
  for (let i = 0; i < pages && !finished; i++) {
    let message: PageReaderMessage;
    try {
      message = readPage();
    } catch (error) {
      message = { error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
    }
    port.postMessage(message);
    if (!("page" in message)) {
      finished = true;
      db.close();
      port.close();
    }
  }
});
