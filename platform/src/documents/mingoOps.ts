import { Query as FullQuery } from "mingo";
import { Context } from "mingo/core";
import * as projectionOperators from "mingo/operators/projection";
import * as queryOperators from "mingo/operators/query";
import { Query } from "mingo/query";
import type { Filter } from "../ports/documents.ts";

// mingo's default entry point copies every operator it has (several hundred) into a fresh context
// for each query, which dominates a projector's many small writes. Filters and projections only
// need the query and projection operators; a filter using anything else (say `$expr`) fails to
// compile on the lean context and gets the full one.
const LEAN = Context.init({ query: queryOperators, projection: projectionOperators });

export interface CompiledFilter {
  test(doc: object): boolean;
}

export function compileFilter(filter: Filter): CompiledFilter {
  try {
    return new Query(filter, { context: LEAN });
  } catch {
    return new FullQuery(filter);
  }
}

export function project(docs: object[], projection: Record<string, 0 | 1>): unknown[] {
  return new Query({}, { context: LEAN }).find<Record<string, unknown>>(docs, projection).all();
}
