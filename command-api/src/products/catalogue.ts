import { Streams } from "@shop/contracts";
import type { EventStore } from "@shop/platform";
import { streamHandler } from "../commandHandling/streamHandler.ts";
import { schoolDecider } from "../schools/decider.ts";
import { productDecider } from "./decider.ts";

/** The catalogue as the write side sees it: folded from the product and school streams. */
export const catalogueOf = (events: EventStore) => {
  const products = streamHandler(events, Streams.product, productDecider);
  const schools = streamHandler(events, Streams.school, schoolDecider);
  return {
    product: (productId: string) => products.load(productId),
    schoolExists: async (schoolId: string) => (await schools.load(schoolId)).status === "registered",
    /** A registered school's name (an order's books keep it, so same-title books stay apart). */
    schoolName: async (schoolId: string) => {
      const school = await schools.load(schoolId);
      return school.status === "registered" ? school.name : undefined;
    },
  };
};
export type Catalogue = ReturnType<typeof catalogueOf>;
