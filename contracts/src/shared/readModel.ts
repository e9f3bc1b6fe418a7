import { z } from "zod";

/**
 * What every context's readModel.ts builds on. A read model is a zod document schema (its type
 * inferred), the collection it lives in with the indexes its queries need, and a view from the
 * document to the API answer. Answer schemas are strict: a bookkeeping field (`_id`, `revision`,
 * `customerId`) leaking into an answer fails a parse.
 */
export const AnswerFields = {
  id: z.uuid(),
  /** ISO-8601 UTC, as the events carry it. */
  time: z.string(),
  paise: z.number().int(),
};

export const totalsShape = {
  pricePaise: AnswerFields.paise,
  discountPaise: AnswerFields.paise,
  payablePaise: AnswerFields.paise,
};
/** Who ordered or uploaded: what admins and riders see of a customer. */
export const CustomerAnswer = z.strictObject({ name: z.string(), email: z.string(), contact: z.string() });

/** Every document carries the stream revision it reflects: the projector's replay guard. */
export const docFields = { _id: z.uuid(), revision: z.number().int() };

export interface IndexSpec {
  keys: Record<string, 1 | -1>;
  unique?: boolean;
}

/** Where a read model lives and the indexes every query of it needs (ARCHITECTURE §5). */
export interface CollectionSpec {
  name: string;
  indexes: readonly IndexSpec[];
}

export interface Page<T> {
  items: T[];
  nextCursor?: string;
}

export const itemsOf = <T extends z.ZodType>(item: T) => z.strictObject({ items: z.array(item) });
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.strictObject({ items: z.array(item), nextCursor: z.string().optional() });

type Flat<T> = { [K in keyof T]: T[K] };

/**
 * True only when A and B are one type, optional fields included: `{ a: 1; b?: 2 }` and `{ a: 1 }`
 * differ here, though each is assignable to the other.
 */
export type Same<A, B> =
  (<T>() => T extends Flat<A> ? 1 : 2) extends <T>() => T extends Flat<B> ? 1 : 2 ? true : false;

/** Fails to typecheck unless A and B are the same type (see `Same`); does nothing when run. */
export const assertSame = <A, B>(..._proof: Same<A, B> extends true ? [] : [never]): void => {};
