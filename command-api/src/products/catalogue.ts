import { type ProductEvent, parseEvent, type SchoolEvent, Streams } from "@shop/contracts";
import type { EventStore } from "@shop/platform";
import { schoolDecider } from "../schools/decider.ts";
import { type ProductState, productDecider } from "./decider.ts";

/** The catalogue as the write side sees it: folded from the product and school streams. */
export const loadProduct = async (events: EventStore, productId: string): Promise<ProductState> => {
  const recorded = await events.readStream(Streams.product(productId));
  return recorded.reduce(
    (s, r) => productDecider.evolve(s, parseEvent(r.type, r.data, r.metadata.schemaVersion) as ProductEvent),
    productDecider.initialState(),
  );
};

export const schoolExists = async (events: EventStore, schoolId: string): Promise<boolean> => {
  const recorded = await events.readStream(Streams.school(schoolId));
  const state = recorded.reduce(
    (s, r) => schoolDecider.evolve(s, parseEvent(r.type, r.data, r.metadata.schemaVersion) as SchoolEvent),
    schoolDecider.initialState(),
  );
  return state.status === "registered";
};
