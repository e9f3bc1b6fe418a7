import { type BodySpec, type ValidationResult, validate } from "@shop/contracts";
import { useCallback, useMemo, useState } from "react";
import type { z } from "zod";

/** The mark on a field left empty (the toast says the form's own missing-data text). */
export const REQUIRED = "Required";

type FieldError = { path: string; message: string };

const isBlank = (v: unknown): boolean =>
  v === undefined || v === null || (typeof v === "string" && v.trim() === "");

export interface ZodFormOptions {
  /** Body key → form field name where they differ (`pricePaise` is typed in `price`). */
  fieldNames?: Readonly<Record<string, string>>;
}

export interface ZodForm<T> {
  /** Field name → its message, for the fields the last check marked. */
  errors: Readonly<Record<string, string>>;
  /**
   * Checks `input` with the contracts' schema (the server checks the same) plus `alsoRequired`, the
   * fields this form needs beyond the body's required ones. A failure marks each missing or wrong
   * field; `missing` says whether anything was left empty (the form's missing-data toast).
   */
  check(input: Record<string, unknown>, alsoRequired?: readonly string[]): ValidationResult<T>;
  /** The props a MUI TextField needs to show its mark: `name`, `error`, `helperText`. */
  field(name: string): { name: string; error: boolean; helperText: string | undefined };
  /** Marks fields from a problem document's `errors[]` (or clears them with []). */
  mark(errors: readonly FieldError[]): void;
}

/**
 * One hook for the admin forms: the body spec from contracts checks the input, and the fields at
 * fault are marked beside the toast ('Missing Some Data' and the like) instead of only the toast.
 */
export const useZodForm = <S extends z.ZodObject>(
  spec: BodySpec<S>,
  options: ZodFormOptions = {},
): ZodForm<z.infer<S>> => {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { fieldNames } = options;

  const mark = useCallback(
    (list: readonly FieldError[]) => {
      const marked: Record<string, string> = {};
      // The first message for a field wins (the missing mark before a type error).
      for (const e of list) marked[fieldNames?.[e.path] ?? e.path] ??= e.message;
      setErrors(marked);
    },
    [fieldNames],
  );

  const check = useCallback(
    (input: Record<string, unknown>, alsoRequired: readonly string[] = []): ValidationResult<z.infer<S>> => {
      const blank = alsoRequired.filter((k) => isBlank(input[k]));
      const result = validate(spec, input);
      if (result.ok && blank.length === 0) {
        setErrors({});
        return result;
      }
      const missing = blank.map((path) => ({ path, message: REQUIRED }));
      const errorsFound = [...missing, ...(result.ok ? [] : result.errors)];
      mark(errorsFound);
      const anyMissing = blank.length > 0 || (!result.ok && result.missing);
      return {
        ok: false,
        missing: anyMissing,
        detail: anyMissing && spec.missingText ? spec.missingText : result.ok ? REQUIRED : result.detail,
        errors: errorsFound,
      };
    },
    [spec, mark],
  );

  const field = useCallback(
    (name: string) => ({ name, error: Boolean(errors[name]), helperText: errors[name] }),
    [errors],
  );

  return useMemo(() => ({ errors, check, field, mark }), [errors, check, field, mark]);
};
