import { Streams } from "@shop/contracts";
import type { EventStore } from "@shop/platform";
import { readFolded } from "../commandHandling/streamFolds.ts";
import { schoolDecider } from "../schools/decider.ts";
import { productDecider } from "./decider.ts";

/**
 * How stale the catalogue an order is priced from may be: a change this process made shows at
 * once (its append is folded), one another instance made within this long. An order placed that
 * moment earlier would have had the old price too; `expectedPayablePaise` still guards the total
 * the customer saw.
 */
export const CATALOGUE_FRESH_MS = 1_000;

/**
 * The catalogue as the write side sees it: folded from the product and school streams, kept
 * between orders rather than read again for every line of every order.
 */
export const catalogueOf = (events: EventStore, freshMs = CATALOGUE_FRESH_MS) => {
  const product = async (productId: string) =>
    (await readFolded(events, Streams.product(productId), productDecider, { freshMs })).state;
  const school = async (schoolId: string) =>
    (await readFolded(events, Streams.school(schoolId), schoolDecider, { freshMs })).state;
  return {
    product,
    schoolExists: async (schoolId: string) => (await school(schoolId)).status === "registered",
    /** A registered school's name (an order's books keep it, so same-title books stay apart). */
    schoolName: async (schoolId: string) => {
      const s = await school(schoolId);
      return s.status === "registered" ? s.name : undefined;
    },
  };
};
export type Catalogue = ReturnType<typeof catalogueOf>;
