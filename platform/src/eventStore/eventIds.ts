import { uuidV5Namespace } from "../crypto/uuidV5.ts";

/** The namespace of every derived event id (a fixed random UUID: never change it). */
const eventIdFor = uuidV5Namespace("0b6f2a4e-9d1c-4f6b-8a3e-5c7d2e1f4a90");

/**
 * The id of the `index`-th event a command appends to `stream`: a UUID v5 of the command's key (its
 * caller's Idempotency-Key, or an id the command drew once) and the index. A retry of the same
 * command derives the same ids, so EventStoreDB's idempotent append (same ids at the same expected
 * revision) writes nothing twice, and the SQLite store does the same (ADAPTER-NOTES A2).
 */
export const eventIdOf = (stream: string, commandKey: string, index: number): string =>
  eventIdFor(`${stream}\n${commandKey}\n${index}`);
