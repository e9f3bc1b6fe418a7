import type { Doc, Filter } from "../ports/documents.ts";
import type { DocSource } from "./coldTier.ts";
import type { CollectionIndex } from "./collectionIndex.ts";
import { type FieldBounds, filterBounds } from "./filterBounds.ts";
import { firstSorted } from "./firstSorted.ts";
import { mergeSorted } from "./mergeSorted.ts";
import { type CompiledFilter, compileFilter } from "./mingoOps.ts";
import type { Cursor } from "./sortedList.ts";
import { compareValues, isOperatorObject, readParts, typeRank } from "./values.ts";

export interface QueryRequest {
  filter: Filter;
  sort: Array<[string, 1 | -1]>;
  skip: number;
  /** 0 means no limit, as in MongoDB. */
  limit: number;
}

export interface QueryResult {
  /** The stored documents themselves: callers copy before handing them out. */
  docs: Doc[];
  /** Documents tested against the filter; the measure of "not a full scan". */
  examined: number;
  index: string | null;
}

interface IndexPlan {
  index: CollectionIndex;
  prefixes: unknown[][];
  range: FieldBounds | undefined;
  /** 1 or -1 when walking the index answers the requested sort, else null. */
  direction: 1 | -1 | null;
  estimate: number;
  /** Every entry in the scanned range matches the filter (it bounds only the index's fields). */
  exact: boolean;
  /** Set when the range is read as its runs merged in the sort's order (`runsOf`). */
  merge?: { runs: Run[]; direction: 1 | -1 };
}

/** The entries of a range that share one value of the ranged field: [start, end) in the index. */
interface Run {
  key: unknown[];
  start: Cursor;
  end: Cursor;
}

const MAX_PREFIXES = 64;
// An index that only supplies the order still has to skip entries the filter rejects; assume
// one in ten passes rather than trusting the limit alone.
const SORTED_SCAN_FACTOR = 10;
// A run of a merged range costs about ten entries read: its binary search, and the heap's
// comparisons of its entries (measured over 100 k orders: ~9 µs a run, ~0.9 µs an entry walked).
const RUN_COST = 10;

/** Runs a query over a collection's documents, using `_id` or the cheapest usable index. */
export function runQuery(docs: DocSource, indexes: CollectionIndex[], req: QueryRequest): QueryResult {
  // `{ _id: "…" }` alone (a projector's read, a checkpoint): the map answers it, no filter to compile.
  const keys = Object.keys(req.filter);
  const onlyId = keys.length === 1 && keys[0] === "_id" ? req.filter._id : undefined;
  if (typeof onlyId === "string") {
    const doc = docs.get(onlyId);
    return { docs: page(doc ? [doc] : [], req), examined: doc ? 1 : 0, index: "_id_" };
  }
  const query = keys.length > 0 ? (simpleMatcher(req.filter) ?? compileFilter(req.filter)) : null;
  let examined = 0;
  const matches = (doc: Doc) => {
    examined += 1;
    return query === null || query.test(doc);
  };
  const bounds = filterBounds(req.filter);
  const ids = bounds.get("_id")?.values;
  if (ids) {
    const found = ids
      .flatMap((id) => (typeof id === "string" ? [docs.get(id)] : []))
      .filter((d) => d !== undefined);
    return { docs: page(sortDocs(found.filter(matches), req), req), examined, index: "_id_" };
  }
  const wanted = req.limit > 0 ? req.skip + req.limit : Number.POSITIVE_INFINITY;
  const plans: IndexPlan[] = [];
  for (const index of indexes) if (index.usable) plans.push(planIndex(index, bounds, req));
  // An index that bounds the whole filter counts its matches exactly: the fewest of those.
  let matching = Number.POSITIVE_INFINITY;
  for (const plan of plans) if (plan.exact) matching = Math.min(matching, plan.estimate);
  // A sorted walk stops after `wanted` matches: exactly that many entries when the index bounds
  // the whole filter. Otherwise, when another index counted the matches, `wanted` times its
  // entries per match, at least one (a name prefix held by a few customers' many orders: their
  // range, sorted, rather than every order newest first); else SORTED_SCAN_FACTOR times more
  // (as MongoDB's trial run finds).
  const walkReads = (plan: IndexPlan) =>
    wanted *
    (plan.exact
      ? 1
      : Number.isFinite(matching)
        ? Math.max(1, plan.estimate / Math.max(1, matching))
        : SORTED_SCAN_FACTOR);
  let best: IndexPlan | null = null;
  let bestCost = docs.size;
  for (const plan of plans) {
    const cost = plan.direction !== null ? Math.min(plan.estimate, walkReads(plan)) : plan.estimate;
    if (
      cost < bestCost ||
      (cost === bestCost && best === null && plan.direction !== null && req.sort.length > 0)
    ) {
      best = plan;
      bestCost = cost;
    }
  }
  // A range over several values of its field, each value's entries already in the sort's order (a
  // name prefix: each name's orders newest first), can be read as those runs merged: a walk's
  // reads plus a look-up per run, rather than the whole range sorted. The runs are looked up only
  // while they can still beat the best plan.
  for (const plan of plans) {
    const direction = runsDirection(plan, req);
    if (direction === null) continue;
    const reads = walkReads(plan);
    if (reads >= bestCost) continue;
    const runs = runsOf(plan, (bestCost - reads) / RUN_COST);
    if (runs === null) continue;
    best = { ...plan, merge: { runs, direction } };
    bestCost = reads + runs.length * RUN_COST;
  }
  if (best === null) {
    const found: Doc[] = [];
    const ordered = req.sort.length === 0;
    for (const doc of docs.values()) {
      if (matches(doc)) found.push(doc);
      if (ordered && found.length >= wanted) break;
    }
    return { docs: page(sortDocs(found, req), req), examined, index: null };
  }
  const found: Doc[] = [];
  if (best.merge) {
    const { index } = best;
    const from = best.prefixes[0]!.length + 1;
    const { runs, direction } = best.merge;
    const sources = runs.map((run) => walkRun(index, run, direction));
    for (const id of mergeSorted(sources, (a, b) => index.compareFrom(a, b, from) * direction)) {
      const doc = docs.get(id);
      if (doc && matches(doc)) found.push(doc);
      if (found.length >= wanted) break;
    }
    return { docs: page(found, req), examined, index: index.name };
  }
  const direction = best.direction ?? 1;
  scan: for (const prefix of best.prefixes) {
    for (const id of walkRange(best.index, prefix, best.range, direction)) {
      const doc = docs.get(id);
      if (doc && matches(doc)) found.push(doc);
      if (best.direction !== null && found.length >= wanted) break scan;
    }
  }
  const sorted = best.direction !== null ? found : sortDocs(found, req);
  return { docs: page(sorted, req), examined, index: best.index.name };
}

function planIndex(index: CollectionIndex, bounds: Map<string, FieldBounds>, req: QueryRequest): IndexPlan {
  let prefixes: unknown[][] = [[]];
  let fixed = 0;
  for (const [field] of index.fields) {
    const values = bounds.get(field)?.values;
    if (!values || prefixes.length * values.length > MAX_PREFIXES) break;
    prefixes = prefixes.flatMap((p) => values.map((v) => [...p, v]));
    fixed += 1;
  }
  const next = index.fields[fixed];
  const nextBounds = next ? bounds.get(next[0]) : undefined;
  const range = nextBounds?.lower || nextBounds?.upper ? nextBounds : undefined;
  let estimate = 0;
  for (const prefix of prefixes) {
    const entries = index.entries;
    // Nothing bounds the index (its first field is free): every entry is in range.
    if (prefix.length === 0 && !range) {
      estimate += entries.size;
      continue;
    }
    const start = entries.partitionPoint((e) => locate(index, e, prefix, range) < 0);
    const end = entries.partitionPoint((e) => locate(index, e, prefix, range) <= 0);
    estimate += entries.between(start, end);
  }
  const direction = prefixes.length === 1 ? sortDirection(index, fixed, req.sort) : null;
  return {
    index,
    prefixes,
    range,
    direction,
    estimate,
    exact: boundsAll(index, fixed + (range ? 1 : 0), req.filter),
  };
}

/** Whether every field of `filter` is among the index's first `bounded` fields. */
function boundsAll(index: CollectionIndex, bounded: number, filter: Filter): boolean {
  for (const field in filter) if (!leadingField(index, bounded, field)) return false;
  return true;
}

/** Whether `field` is among the index's first `count` fields (run per index and query: no allocation). */
function leadingField(index: CollectionIndex, count: number, field: string): boolean {
  for (let i = 0; i < count && i < index.fields.length; i++) if (index.fields[i]![0] === field) return true;
  return false;
}

/** Whether walking the index after `fixed` equality-bound fields yields `sort`'s order. */
function sortDirection(index: CollectionIndex, fixed: number, sort: QueryRequest["sort"]): 1 | -1 | null {
  // The sort's fields that the equality-bound ones leave, in order (counted, not copied).
  let restLength = 0;
  for (const [field] of sort) if (!leadingField(index, fixed, field)) restLength += 1;
  let direction: 1 | -1 = 1;
  let i = 0;
  for (const [field, dir] of sort) {
    if (leadingField(index, fixed, field)) continue;
    // Entries with equal keys are ordered by _id, so a trailing _id (the usual tie-breaker) is free.
    const indexField =
      field === "_id" && fixed + i === index.fields.length && i === restLength - 1
        ? (["_id", index.idDirection] as const)
        : index.fields[fixed + i];
    if (!indexField || indexField[0] !== field) return null;
    const relative = dir === indexField[1] ? 1 : -1;
    if (i > 0 && relative !== direction) return null;
    direction = relative;
    i += 1;
  }
  return direction;
}

/**
 * The direction to walk each run of `plan`'s range in for the requested sort, when the range can
 * be read as merged runs: one prefix, a range on the next field (none of the sort's), a limit,
 * and a sort the index keeps within each run that ends with `_id` (no ties, so the merge answers
 * exactly what a sort would). Else null.
 */
function runsDirection(plan: IndexPlan, req: QueryRequest): 1 | -1 | null {
  if (plan.direction !== null || plan.prefixes.length !== 1 || !plan.range || req.limit <= 0) return null;
  const ranged = plan.index.fields[plan.prefixes[0]!.length]![0];
  if (req.sort.at(-1)?.[0] !== "_id" || req.sort.some(([field]) => field === ranged)) return null;
  return sortDirection(plan.index, plan.prefixes[0]!.length + 1, req.sort);
}

/** The runs of `plan`'s range (one binary search each), or null past `most` of them. */
function runsOf(plan: IndexPlan, most: number): Run[] | null {
  const { index, range } = plan;
  const prefix = plan.prefixes[0]!;
  const entries = index.entries;
  const runs: Run[] = [];
  let start = entries.partitionPoint((e) => locate(index, e, prefix, range) < 0);
  for (;;) {
    const first = entries.at(start);
    if (first === undefined || locate(index, first, prefix, range) !== 0) return runs;
    if (runs.length >= most) return null;
    const key = [...prefix, index.valueAt(first, prefix.length)];
    const end = entries.partitionPoint((e) => locate(index, e, key) <= 0);
    runs.push({ key, start, end });
    start = end;
  }
}

/** A run's entries, walked from its first (direction 1) or its last (-1). */
const walkRun = (index: CollectionIndex, run: Run, direction: 1 | -1) =>
  walkFrom(index, direction === 1 ? run.start : run.end, direction, run.key);

/** Where the entry `id` lies relative to the scanned range, in index order: -1 before, 0 in, 1 after. */
function locate(index: CollectionIndex, id: string, prefix: unknown[], range?: FieldBounds): number {
  for (let i = 0; i < prefix.length; i++) {
    const c = compareValues(index.valueAt(id, i), prefix[i]) * index.fields[i]![1];
    if (c !== 0) return Math.sign(c);
  }
  if (!range) return 0;
  const value = index.valueAt(id, prefix.length);
  let side = 0;
  const { lower, upper } = range;
  if (lower) {
    const c = compareValues(value, lower.value);
    if (c < 0 || (c === 0 && !lower.inclusive)) side = -1;
    else if (!upper && typeRank(value) !== typeRank(lower.value)) side = 1;
  }
  if (side === 0 && upper) {
    const c = compareValues(value, upper.value);
    if (c > 0 || (c === 0 && !upper.inclusive)) side = 1;
    else if (!lower && typeRank(value) !== typeRank(upper.value)) side = -1;
  }
  return side * index.fields[prefix.length]![1];
}

function* walkRange(
  index: CollectionIndex,
  prefix: unknown[],
  range: FieldBounds | undefined,
  direction: 1 | -1,
) {
  const entries = index.entries;
  const start =
    direction === 1
      ? entries.partitionPoint((e) => locate(index, e, prefix, range) < 0)
      : entries.partitionPoint((e) => locate(index, e, prefix, range) <= 0);
  yield* walkFrom(index, start, direction, prefix, range);
}

/** The index's entries from `start` (forward, or backward from just before it) while in the range. */
function* walkFrom(
  index: CollectionIndex,
  start: Cursor,
  direction: 1 | -1,
  prefix: unknown[],
  range?: FieldBounds,
) {
  for (const id of index.entries.walk(start, direction)) {
    if (locate(index, id, prefix, range) !== 0) return;
    yield id;
  }
}

/**
 * `found` in the sort's order (stable: ties keep their order in `found`); of a page that is a
 * small share of it, only what the page needs. Each document's sort key is read once, not at
 * every comparison: choosing a page of 50 among ~400 orders by `placedAt` compared ~1,000 times,
 * each reading both documents' paths (RESULTS.md, twenty-fourth session).
 */
function sortDocs(found: Doc[], req: QueryRequest): Doc[] {
  if (req.sort.length === 0) return found;
  const fields = req.sort.map(([path, direction]) => ({ parts: path.split("."), direction }));
  const keys = found.map((doc) => fields.map((f) => readParts(doc, f.parts).value));
  const compare = (i: number, j: number): number => {
    const a = keys[i]!;
    const b = keys[j]!;
    for (let f = 0; f < fields.length; f++) {
      const c = compareValues(a[f], b[f]);
      if (c !== 0) return c * fields[f]!.direction;
    }
    return 0;
  };
  const positions = found.map((_, i) => i);
  const wanted = req.limit > 0 ? req.skip + req.limit : found.length;
  const order =
    wanted * 4 <= found.length
      ? firstSorted(positions, wanted, compare)
      : positions.sort((i, j) => compare(i, j) || i - j);
  return order.map((i) => found[i]!);
}

function page(found: Doc[], req: QueryRequest): Doc[] {
  return req.limit > 0 ? found.slice(req.skip, req.skip + req.limit) : found.slice(req.skip);
}

const isPlain = (v: unknown): v is string | number | boolean =>
  typeof v === "string" || (typeof v === "number" && !Number.isNaN(v)) || typeof v === "boolean";

const RANGE = {
  $lt: (c: number) => c < 0,
  $lte: (c: number) => c <= 0,
  $gt: (c: number) => c > 0,
  $gte: (c: number) => c >= 0,
} as const;
type RangeOp = keyof typeof RANGE;

/**
 * `{ $lt: v }` (or $lte, $gt, $gte, or several of them) on finite numbers or strings, as a list of
 * [op, v]; else null.
 */
const rangesOf = (value: unknown): [RangeOp, number | string][] | null => {
  if (!isOperatorObject(value)) return null;
  const found: [RangeOp, number | string][] = [];
  for (const [op, v] of Object.entries(value)) {
    if (!(op in RANGE)) return null;
    if (typeof v !== "string" && !(typeof v === "number" && Number.isFinite(v))) return null;
    found.push([op as RangeOp, v]);
  }
  return found.length > 0 ? found : null;
};

/** The compiled filter decides for this document (a path crossing an array, a NaN). */
const UNSURE = Symbol("unsure");

/** A field's value for the simple tests: as MongoDB reads a path, or UNSURE past an array. */
const fieldValue = (doc: Doc, parts: readonly string[]): unknown => {
  if (parts.length === 1) return doc[parts[0]!];
  const { value, viaArray } = readParts(doc, parts);
  return viaArray && value === undefined ? UNSURE : value;
};

/**
 * mingo's range test: true when the value, or an element of an array value, is of the operand's
 * type and compares so; undefined (the compiled filter decides) for a NaN.
 */
const inRange = (x: unknown, op: RangeOp, v: number | string): boolean | undefined => {
  const values = Array.isArray(x) ? x : [x];
  let unsure = false;
  for (const e of values) {
    if (typeof e !== typeof v) continue;
    if (Number.isNaN(e)) unsure = true;
    else if (RANGE[op](e < v ? -1 : e > v ? 1 : 0)) return true;
  }
  return unsure ? undefined : false;
};

/**
 * A filter of `_id` (a string, or `$in` strings: the documents looked up are exactly those),
 * equalities to strings, numbers or booleans, and ranges (`$lt`, `$lte`, `$gt`, `$gte`, several
 * of them, or one under `$not`) on numbers or strings, on top-level or dotted fields, which is
 * every projector read, guarded write and checkpoint save and every admin filter's condition, is
 * tested without compiling a query; a document whose path crosses an array is left to the compiled
 * filter. Anything else answers null.
 */
export function simpleMatcher(filter: Filter): CompiledFilter | null {
  const checks: [string[], string | number | boolean][] = [];
  const ranges: [string[], RangeOp, number | string, boolean][] = [];
  let idIn: Set<unknown> | undefined;
  for (const [field, value] of Object.entries(filter)) {
    if (field === "_id") {
      const keys = isOperatorObject(value) ? Object.keys(value) : [];
      const ids = keys.length === 1 && keys[0] === "$in" ? (value as { $in: unknown }).$in : [value];
      if (!Array.isArray(ids) || !ids.every((id) => typeof id === "string")) return null;
      idIn = new Set(ids);
      continue;
    }
    if (field.startsWith("$")) return null;
    const parts = field.split(".");
    if (isPlain(value)) {
      checks.push([parts, value]);
      continue;
    }
    const negated = isOperatorObject(value) && Object.keys(value).length === 1 && "$not" in value;
    const found = rangesOf(negated ? (value as { $not: unknown }).$not : value);
    // `$not` of several bounds is not the bounds of their negations: left to the compiled filter.
    if (!found || (negated && found.length > 1)) return null;
    for (const [op, v] of found) ranges.push([parts, op, v, negated]);
  }
  // MongoDB's equality also matches an array holding the value.
  const equal = (x: unknown, v: unknown) => x === v || (Array.isArray(x) && x.includes(v));
  let compiled: CompiledFilter | undefined;
  const compiledTest = (doc: object) => {
    compiled ??= compileFilter(filter);
    return compiled.test(doc);
  };
  return {
    test: (doc) => {
      if (idIn !== undefined && !idIn.has((doc as Doc)._id)) return false;
      for (const [parts, v] of checks) {
        const x = fieldValue(doc as Doc, parts);
        if (x === UNSURE) return compiledTest(doc);
        if (!equal(x, v)) return false;
      }
      for (const [parts, op, v, negated] of ranges) {
        const x = fieldValue(doc as Doc, parts);
        const hit = x === UNSURE ? undefined : inRange(x, op, v);
        if (hit === undefined) return compiledTest(doc);
        if (hit === negated) return false;
      }
      return true;
    },
  };
}
