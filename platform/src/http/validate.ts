import { type BodySpec, DomainError, parseId, validate } from "@shop/contracts";
import type { z } from "zod";

/** Parses a body with its spec: the spec's text for missing fields, `errors[]` for the rest. */
export const parseBody = <S extends z.ZodObject>(spec: BodySpec<S>, input: unknown): z.infer<S> => {
  const result = validate(spec, input ?? {});
  if (result.ok) return result.value;
  throw new DomainError("invalid", result.detail, { errors: result.errors });
};

/** A path id that is not a UUID is the same 404 as an unknown one (API.md "Ids"). */
export const pathId = (value: string | string[] | undefined, notFoundText: string): string => {
  const id = parseId(value);
  if (id) return id;
  throw new DomainError("not_found", notFoundText);
};
