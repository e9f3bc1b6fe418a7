import type { Filter } from "../ports/documents.ts";
import { compareValues, isIndexable, isOperatorObject } from "./values.ts";

export interface Bound {
  value: unknown;
  inclusive: boolean;
}

/** What a filter pins a field to, as far as an index can use it; the full filter is still tested. */
export interface FieldBounds {
  /** Equality candidates: one value for `field: v` / `$eq`, several for `$in`. */
  values?: unknown[];
  lower?: Bound;
  upper?: Bound;
}

/**
 * Reads the top-level (and `$and`) conditions an index can answer. Anything it does not
 * understand is simply not used for planning, which is always safe because every candidate
 * document is tested against the whole filter afterwards.
 */
export function filterBounds(
  filter: Filter,
  into = new Map<string, FieldBounds>(),
): Map<string, FieldBounds> {
  for (const [field, condition] of Object.entries(filter)) {
    if (field === "$and" && Array.isArray(condition)) {
      for (const part of condition) filterBounds(part as Filter, into);
      continue;
    }
    if (field.startsWith("$")) continue;
    const bounds = into.get(field) ?? {};
    if (isIndexable(condition)) {
      narrowValues(bounds, [condition]);
    } else if (isOperatorObject(condition)) {
      for (const [op, operand] of Object.entries(condition)) applyOperator(bounds, op, operand);
    }
    into.set(field, bounds);
  }
  return into;
}

const contains = (list: unknown[], value: unknown) => list.some((w) => compareValues(value, w) === 0);

// Distinct values only: `$in: [1, 1]` must not scan (and answer) the same index range twice.
function narrowValues(bounds: FieldBounds, values: unknown[]): void {
  const distinct = values.filter((v, i) => !contains(values.slice(0, i), v));
  bounds.values = bounds.values ? bounds.values.filter((v) => contains(distinct, v)) : distinct;
}

function applyOperator(bounds: FieldBounds, op: string, operand: unknown): void {
  // Null bounds follow MongoDB's missing-field rules, which an index keyed by null cannot mirror.
  const usable = isIndexable(operand) && operand !== null;
  switch (op) {
    case "$eq":
      if (isIndexable(operand)) narrowValues(bounds, [operand]);
      break;
    case "$in":
      if (Array.isArray(operand) && operand.every(isIndexable)) narrowValues(bounds, operand);
      break;
    case "$gt":
    case "$gte":
      if (usable) bounds.lower = { value: operand, inclusive: op === "$gte" };
      break;
    case "$lt":
    case "$lte":
      if (usable) bounds.upper = { value: operand, inclusive: op === "$lte" };
      break;
  }
}
