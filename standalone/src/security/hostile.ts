import fc from "fast-check";

/** Values that are wrong for a field of the given type, whatever else they are. */
const operators = fc.constantFrom<Record<string, unknown>>(
  { $gt: "" },
  { $ne: null },
  { $where: "sleep(1000)" },
  { $regex: ".*" },
  { __proto__: { isAdmin: true } },
  { constructor: { prototype: { isAdmin: true } } },
);
const tooLong = fc.integer({ min: 10_001, max: 60_000 }).map((n) => "ॐ".repeat(n));
const common = [
  fc.constant(null),
  operators,
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string(), fc.string()),
];

export const hostileFor = (kind: FieldKind): fc.Arbitrary<unknown> => {
  switch (kind) {
    case "string":
      return fc.oneof(...common, fc.boolean(), fc.integer(), fc.double({ noNaN: true }), tooLong);
    case "number":
      return fc.oneof(
        ...common,
        fc.boolean(),
        fc.string(),
        fc.double({ noInteger: true, noNaN: true }),
        fc.constant(-1),
      );
    case "boolean":
      return fc.oneof(...common, fc.string(), fc.integer());
    case "array":
      return fc.oneof(
        fc.constant(null),
        operators,
        fc.string(),
        fc.integer(),
        fc.constant([]),
        fc.array(operators, { minLength: 1 }),
      );
  }
};

export type FieldKind = "string" | "number" | "boolean" | "array";

export interface BodySpec {
  base: Record<string, unknown>;
  fields: Record<string, FieldKind>;
  required: string[];
}

const UNKNOWN_KEYS = [
  "isAdmin",
  "accType",
  "role",
  "$where",
  "constructor",
  "__proto__",
  "pricePaise",
  "x-extra",
];

/** A body that is invalid for certain: one field broken, a required one dropped, an unknown key, or not an object. */
export const invalidBody = (spec: BodySpec): fc.Arbitrary<string> =>
  fc.oneof(
    fc
      .record({ field: fc.constantFrom(...Object.keys(spec.fields)) })
      .chain(({ field }) =>
        hostileFor(spec.fields[field] as FieldKind).map((value) =>
          JSON.stringify({ ...spec.base, [field]: value }),
        ),
      ),
    ...(spec.required.length
      ? [
          fc.constantFrom(...spec.required).map((field) => {
            const { [field]: _dropped, ...rest } = spec.base;
            return JSON.stringify(rest);
          }),
        ]
      : []),
    // Written as text, so `__proto__` arrives as an own key, as an attacker would send it.
    fc
      .tuple(fc.constantFrom(...UNKNOWN_KEYS), fc.jsonValue({ maxDepth: 2 }))
      .map(
        ([key, value]) =>
          `${JSON.stringify(spec.base).slice(0, -1)},${JSON.stringify(key)}:${JSON.stringify(value ?? null)}}`,
      ),
    fc
      .oneof(fc.array(fc.jsonValue({ maxDepth: 1 })), fc.string(), fc.integer(), fc.constant(null))
      .map((v) => JSON.stringify(v)),
    fc.constantFrom("{", '{"name":', "{'a':1}", "[1,2", "\u0000", '{"a":1}}', "NaN").map((t) => t),
  );

/** A query string with at least one unknown key or out-of-range value. */
export const invalidQuery = (known: Record<string, fc.Arbitrary<string>>): fc.Arbitrary<string> =>
  fc
    .tuple(
      fc.oneof(
        fc.tuple(fc.constantFrom("$where", "__proto__", "sort", "admin", "q2", "limit[$gt]"), fc.string()),
        ...Object.entries(known).map(([k, bad]) => fc.tuple(fc.constant(k), bad)),
      ),
      fc.array(fc.tuple(fc.constantFrom(...Object.keys(known)), fc.string()), { maxLength: 2 }),
    )
    .map(([bad, rest]) =>
      [bad, ...rest].map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&"),
    );

export const badLimit = fc.constantFrom("0", "201", "-1", "abc", "1e9", "1.5", "");
export const badCursor = fc.string({ minLength: 1, maxLength: 40 });

/** Path ids: malformed strings, traversal, injection, and well-formed unknown UUIDs. */
export const hostileId = fc.oneof(
  fc.string({ minLength: 1, maxLength: 60 }),
  fc.uuid(),
  fc.constantFrom(
    "../../etc/passwd",
    "..%2f..%2f",
    "null",
    "undefined",
    "%00",
    "' OR 1=1 --",
    '{"$gt":""}',
    "٣",
    "0",
  ),
  fc.string({ unit: "grapheme", minLength: 1, maxLength: 20 }),
);
