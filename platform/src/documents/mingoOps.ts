import { createRequire } from "node:module";
import { Context } from "mingo/core";
import * as projectionOperators from "mingo/operators/projection";
import * as queryOperators from "mingo/operators/query";
import { Query } from "mingo/query";
import type { Filter } from "../ports/documents.ts";
import { copyDocument } from "./values.ts";

// mingo's default entry point copies every operator it has (several hundred) into a fresh context
// for each query, which dominates a projector's many small writes. Filters and projections only
// need the query and projection operators; a filter using anything else (say `$expr`) fails to
// compile on the lean context and gets the full one.
const LEAN = Context.init({ query: queryOperators, projection: projectionOperators });

export interface CompiledFilter {
  test(doc: object): boolean;
}

const requireCjs = createRequire(import.meta.url);
let fullQuery: typeof import("mingo")["Query"] | undefined;
/**
 * mingo's default entry, with every operator it has: loaded by the first filter that needs it,
 * not at every process's start (its import alone took ~120 ms of the standalone's boot).
 */
const FullQuery = () => {
  fullQuery ??= (requireCjs("mingo") as typeof import("mingo")).Query;
  return fullQuery;
};

export function compileFilter(filter: Filter): CompiledFilter {
  try {
    const lean = new Query(filter, { context: LEAN });
    // The operators inside `$expr` are looked up when a document is tested, not when compiled.
    lean.test({});
    return lean;
  } catch {
    return new (FullQuery())(filter);
  }
}

export function project(docs: object[], projection: Record<string, 0 | 1>): unknown[] {
  return new Query({}, { context: LEAN }).find<Record<string, unknown>>(docs, projection).all();
}

/**
 * The top-level fields an inclusion projection keeps (`{ a: 1, b: 1 }`, `_id` kept unless
 * `_id: 0`), in the order mingo answers them: the named fields sorted, then an implied `_id`.
 * Null for anything else (an exclusion, a dotted path, an operator): mingo projects those.
 */
function keptFields(projection: Record<string, 0 | 1>): { fields: string[]; idLast: boolean } | null {
  const fields: string[] = [];
  let idLast = true;
  for (const [key, value] of Object.entries(projection)) {
    if (key === "_id") {
      if (value === 0) idLast = false;
      else if (value === 1) {
        idLast = false;
        fields.push(key);
      } else return null;
      continue;
    }
    if (value !== 1 || key.includes(".") || key.startsWith("$")) return null;
    fields.push(key);
  }
  return { fields: fields.sort(), idLast };
}

/**
 * Copies of `docs` as `projection` shapes them, sharing nothing with `docs`. An inclusion of
 * top-level fields copies only those fields; any other projection copies the whole document first.
 */
export function projectCopies(docs: object[], projection: Record<string, 0 | 1>): unknown[] {
  return projectFields(docs, projection, copyDocument);
}

/**
 * `docs` as `projection` shapes them, their kept values shared with `docs` (for a reader that
 * only reads them). Any projection but an inclusion of top-level fields copies, as `projectCopies`.
 */
export function projectShared(docs: object[], projection: Record<string, 0 | 1>): unknown[] {
  return projectFields(docs, projection, (value) => value);
}

function projectFields(
  docs: object[],
  projection: Record<string, 0 | 1>,
  take: (value: unknown) => unknown,
): unknown[] {
  const kept = keptFields(projection);
  if (!kept) return project(docs.map(copyDocument), projection);
  const { fields, idLast } = kept;
  return docs.map((doc) => {
    const source = doc as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const field of fields) {
      const value = source[field];
      if (value !== undefined) out[field] = take(value);
    }
    if (idLast && source._id !== undefined) out._id = take(source._id);
    return out;
  });
}
