import type { z } from "zod";
import { fieldErrorsOf, fieldLabel, markDefaultMessages } from "./fieldErrors.ts";

/**
 * A request body: its strict zod schema plus the spec's text for a missing or empty required field
 * (API.md: that text is the problem's `detail`; type and range errors list the details in `errors[]`).
 */
export interface BodySpec<S extends z.ZodObject> {
  schema: S;
  required: readonly (keyof z.infer<S> & string)[];
  missingText?: string;
}

export const body = <S extends z.ZodObject>(
  shape: S,
  required: readonly (keyof z.infer<S> & string)[],
  missingText?: string,
): BodySpec<S> => ({ schema: shape.strict() as unknown as S, required, missingText });

export type ValidationResult<T> =
  | { ok: true; value: T }
  | { ok: false; missing: boolean; detail: string; errors: { path: string; message: string }[] };

const isBlank = (v: unknown): boolean =>
  v === undefined || v === null || (typeof v === "string" && v.trim() === "");

/** Checks a body the same way on the server and in the browser's forms. */
export const validate = <S extends z.ZodObject>(
  spec: BodySpec<S>,
  input: unknown,
): ValidationResult<z.infer<S>> => {
  const record =
    input && typeof input === "object" && !Array.isArray(input) ? (input as Record<string, unknown>) : null;
  if (!record) return { ok: false, missing: true, detail: spec.missingText ?? "Invalid input", errors: [] };
  const missing = spec.required.filter((k) => isBlank(record[k]));
  if (missing.length > 0 && spec.missingText) {
    return {
      ok: false,
      missing: true,
      detail: spec.missingText,
      errors: missing.map((path) => ({ path, message: `${fieldLabel([path])} is required` })),
    };
  }
  const parsed = spec.schema.safeParse(record, markDefaultMessages);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, missing: false, detail: "Invalid input", errors: fieldErrorsOf(parsed.error, record) };
};
