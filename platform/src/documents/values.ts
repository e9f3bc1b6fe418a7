/** Value helpers shared by the in-memory collection's sort, indexes and query planner. */

// MongoDB's cross-type sort order (null < numbers < strings < objects < arrays < booleans < dates),
// so a sort answers the same order on both adapters. Missing sorts as null, as in MongoDB.
export function typeRank(value: unknown): number {
  if (value === null || value === undefined) return 0;
  if (typeof value === "number" || typeof value === "bigint") return 1;
  if (typeof value === "string") return 2;
  if (Array.isArray(value)) return 4;
  if (typeof value === "boolean") return 5;
  if (value instanceof Date) return 6;
  return 3;
}

export function compareValues(a: unknown, b: unknown): number {
  // Index keys are mostly strings (ids, ISO dates): compare those without ranking the types.
  if (typeof a === "string" && typeof b === "string") return a < b ? -1 : a > b ? 1 : 0;
  const ra = typeRank(a);
  const rb = typeRank(b);
  if (ra !== rb) return ra < rb ? -1 : 1;
  switch (ra) {
    case 0:
      return 0;
    case 1:
    case 2:
    case 5:
      return (a as number) < (b as number) ? -1 : (a as number) > (b as number) ? 1 : 0;
    case 6:
      return Math.sign((a as Date).getTime() - (b as Date).getTime());
    default: {
      const sa = JSON.stringify(a);
      const sb = JSON.stringify(b);
      return sa < sb ? -1 : sa > sb ? 1 : 0;
    }
  }
}

/** Values an index can order and look up by equality; anything else falls back to a scan. */
export function isIndexable(value: unknown): boolean {
  return (
    value === null ||
    typeof value === "string" ||
    typeof value === "number" ||
    typeof value === "boolean" ||
    value instanceof Date
  );
}

export interface PathValue {
  value: unknown;
  /** True when the path crosses or ends in an array (MongoDB would make the index multikey). */
  viaArray: boolean;
}

export function readPath(doc: unknown, path: string): PathValue {
  return readParts(doc, path.split("."));
}

/** `readPath` with the path already split at its dots. */
export function readParts(doc: unknown, parts: readonly string[]): PathValue {
  let current: unknown = doc;
  for (const part of parts) {
    if (Array.isArray(current)) return { value: undefined, viaArray: true };
    if (current === null || typeof current !== "object") return { value: undefined, viaArray: false };
    current = (current as Record<string, unknown>)[part];
  }
  return { value: current ?? null, viaArray: Array.isArray(current) };
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value) && !(value instanceof Date);
}

export function isOperatorObject(value: unknown): value is Record<string, unknown> {
  if (!isPlainObject(value)) return false;
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((k) => k.startsWith("$"));
}

/** MongoDB with `ignoreUndefined: true` drops undefined fields; do the same so both adapters agree. */
export function withoutUndefined<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v) => (v === undefined ? null : withoutUndefined(v))) as T;
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = withoutUndefined(v);
  return out as T;
}

/**
 * A deep copy of a stored or incoming document, dropping undefined fields as withoutUndefined
 * does. Plain objects, arrays and Dates are copied by hand (several times faster than
 * structuredClone for the small JSON-like documents the projections write); anything else that
 * is an object goes through structuredClone.
 */
export function copyDocument<T>(value: T): T {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((v) => (v === undefined ? null : copyDocument(v))) as T;
  const proto = Object.getPrototypeOf(value);
  if (proto === Object.prototype || proto === null) {
    const out: Record<string, unknown> = {};
    for (const key in value) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined) out[key] = copyDocument(v);
    }
    return out as T;
  }
  if (value instanceof Date) return new Date(value.getTime()) as T;
  return structuredClone(value);
}

/**
 * Whether `copyDocument(value)` would only reproduce it: plain objects and arrays all the way
 * down (Dates and primitives inside), no undefined field or array slot. Such a value can be
 * stored as it is when its owner hands it over.
 */
export function isStorableAsIs(value: unknown): boolean {
  if (value === null || typeof value !== "object") return value !== undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const v = value[i];
      if (v === undefined || (typeof v === "object" && v !== null && !isStorableAsIs(v))) return false;
    }
    return true;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto === Object.prototype || proto === null) {
    for (const key in value) {
      const v = (value as Record<string, unknown>)[key];
      if (v === undefined || (typeof v === "object" && v !== null && !isStorableAsIs(v))) return false;
    }
    return true;
  }
  return value instanceof Date;
}
