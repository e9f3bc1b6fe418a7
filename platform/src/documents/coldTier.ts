import type { Doc, Filter } from "../ports/documents.ts";

/**
 * Cold documents of an embedded collection: kept in memory only as a small stub (the `_id` and
 * the top-level fields its queries filter and sort on, so its indexes and those queries answer
 * from it), with the whole document in a durable file, read back by `_id` when a query returns
 * it or a write changes it (then it is stored whole again: hot).
 */
export interface ColdTier {
  /** Top-level fields a stub holds whole (besides `_id`). */
  readonly fields: ReadonlySet<string>;
  /** The whole document of the stub `id`, read from where it is kept (throws when it is not). */
  body(id: string): Doc;
}

/** What a snapshot keeps cold in one collection (see `MemorySnapshotOptions.cold`). */
export interface ColdPolicy {
  /** Top-level fields a stub holds: at least the roots of every indexed, filtered or sorted path. */
  fields: readonly string[];
  /** Whether `doc` may leave memory at time `now` (ms since the epoch). */
  isCold(doc: Readonly<Doc>, now: number): boolean;
}

const STUB = Symbol("cold stub");

export const isStub = (doc: Doc): boolean => STUB in doc;

/** Marks a document read back from a snapshot's stub column as a stub. */
export const markStub = (doc: Doc): Doc => {
  Object.defineProperty(doc, STUB, { value: true, enumerable: false });
  return doc;
};

/** The stub of `doc`: `_id` and `fields` (shared with `doc`: documents are never changed in place). */
export const stubOf = (doc: Readonly<Doc>, fields: Iterable<string>): Doc => {
  const stub: Doc = { _id: doc._id };
  for (const field of fields) if (field in doc) stub[field] = doc[field];
  return stub;
};

/** The top-level field of a dotted path. */
const rootOf = (path: string): string => {
  const dot = path.indexOf(".");
  return dot < 0 ? path : path.slice(0, dot);
};

/**
 * Whether a stub holding `fields` answers `filter` and `sort` as its whole document would: every
 * path they name starts at one of those fields. Operators that read the whole document
 * (`$expr`, `$where`, `$text`, …) are never covered.
 */
export const covers = (
  fields: ReadonlySet<string>,
  filter: Filter,
  sort: ReadonlyArray<readonly [string, unknown]>,
): boolean => {
  for (const [path] of sort) if (path !== "_id" && !fields.has(rootOf(path))) return false;
  return filterCovered(fields, filter);
};

const filterCovered = (fields: ReadonlySet<string>, filter: Filter): boolean => {
  for (const [key, value] of Object.entries(filter)) {
    if (key === "$and" || key === "$or" || key === "$nor") {
      if (!Array.isArray(value)) return false;
      for (const part of value) {
        if (part === null || typeof part !== "object" || !filterCovered(fields, part as Filter)) return false;
      }
      continue;
    }
    if (key.startsWith("$")) return false;
    if (key !== "_id" && !fields.has(rootOf(key))) return false;
  }
  return true;
};

/**
 * Whether a stub holding `fields` gives what `projection` keeps of its whole document: an inclusion
 * of top-level or dotted paths rooted in those fields (`_id` always held). No projection, or an
 * exclusion, keeps fields a stub may lack.
 */
export const projectionCovered = (
  fields: ReadonlySet<string>,
  projection: Readonly<Record<string, 0 | 1>> | undefined,
): boolean => {
  if (!projection) return false;
  let includes = false;
  for (const [path, value] of Object.entries(projection)) {
    if (path === "_id") {
      if (value === 1) includes = true;
      continue;
    }
    if (value !== 1 || path.startsWith("$") || !fields.has(rootOf(path))) return false;
    includes = true;
  }
  return includes;
};

/** The documents a query reads, as a collection's map, with each stub read back whole. */
export interface DocSource {
  get(id: string): Doc | undefined;
  values(): IterableIterator<Doc>;
  readonly size: number;
}

/**
 * A class, not an object literal: a literal with a getter gets an accessor pair of its own on every
 * call, which V8 keeps in the old generation, so each query's source outlived the scavenges
 * (bench/RESULTS.md, ninth session).
 */
class WholeDocuments implements DocSource {
  readonly #docs: Map<string, Doc>;
  readonly #tier: ColdTier;
  constructor(docs: Map<string, Doc>, tier: ColdTier) {
    this.#docs = docs;
    this.#tier = tier;
  }
  get(id: string): Doc | undefined {
    const doc = this.#docs.get(id);
    return doc && isStub(doc) ? this.#tier.body(id) : doc;
  }
  *values(): IterableIterator<Doc> {
    for (const doc of this.#docs.values()) yield isStub(doc) ? this.#tier.body(doc._id) : doc;
  }
  get size(): number {
    return this.#docs.size;
  }
}

export const wholeDocuments = (docs: Map<string, Doc>, tier: ColdTier): DocSource =>
  new WholeDocuments(docs, tier);
