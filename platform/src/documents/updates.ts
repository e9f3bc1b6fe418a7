import { update as applyModifier, type Modifier } from "mingo/updater";
import type { Doc, Filter, Update } from "../ports/documents.ts";
import { isOperatorObject, isPlainObject, withoutUndefined } from "./values.ts";

/**
 * The document an upsert starts from, as MongoDB builds it: the filter's equality conditions
 * (`field: value`, `field: { $eq: value }`, also inside `$and`); ranges and other operators
 * contribute nothing.
 */
export function upsertSeed(filter: Filter, seed: Record<string, unknown> = {}): Record<string, unknown> {
  for (const [field, condition] of Object.entries(filter)) {
    if (field === "$and" && Array.isArray(condition)) {
      for (const part of condition) upsertSeed(part as Filter, seed);
      continue;
    }
    if (field.startsWith("$")) continue;
    if (isOperatorObject(condition)) {
      if ("$eq" in condition) setPath(seed, field, structuredClone(condition.$eq));
    } else if (!(condition instanceof RegExp)) {
      setPath(seed, field, structuredClone(condition));
    }
  }
  return seed;
}

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split(".");
  let current = target;
  for (const part of parts.slice(0, -1)) {
    const next = current[part];
    if (!isPlainObject(next)) current[part] = {};
    current = current[part] as Record<string, unknown>;
  }
  current[parts[parts.length - 1]!] = value;
}

const SUPPORTED = new Set(["$set", "$unset", "$inc", "$push", "$pull", "$setOnInsert"]);

/** Checks an update document the way MongoDB does before touching anything. */
export function validateUpdate(update: Update): void {
  const operators = Object.keys(update);
  if (operators.length === 0) throw new Error("update document must not be empty");
  for (const op of operators) {
    if (!op.startsWith("$")) throw new Error("update document requires atomic operators");
    if (!SUPPORTED.has(op)) throw new Error(`update operator ${op} is not supported by the document port`);
  }
}

/**
 * Applies `update` to `doc` in place and answers whether anything changed. `$setOnInsert` acts
 * only when `inserting`. Undefined values are dropped first, as MongoDB's `ignoreUndefined` does.
 */
export function applyUpdate(doc: Doc, update: Update, inserting: boolean): boolean {
  const modifier: Record<string, unknown> = {};
  for (const [op, operand] of Object.entries(withoutUndefined(update))) {
    if (op === "$setOnInsert") {
      if (inserting) modifier.$set = { ...(modifier.$set as object | undefined), ...(operand as object) };
    } else if (op === "$set") {
      modifier.$set = { ...(operand as object), ...(modifier.$set as object | undefined) };
    } else {
      modifier[op] = operand;
    }
  }
  if (Object.keys(modifier).length === 0) return false;
  const before = doc._id;
  const changed = applyModifier(doc, modifier as Modifier<Doc>, undefined, undefined, { cloneMode: "deep" });
  if (before !== undefined && doc._id !== before)
    throw new Error("Performing an update on the path '_id' would modify the immutable field '_id'");
  return changed.length > 0;
}
