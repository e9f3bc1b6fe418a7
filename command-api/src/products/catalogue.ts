import { Streams } from "@shop/contracts";
import type { EventStore } from "@shop/platform";
import { loadState } from "../commandHandling/loadState.ts";
import { schoolDecider } from "../schools/decider.ts";
import { type ProductState, productDecider } from "./decider.ts";

/** The catalogue as the write side sees it: folded from the product and school streams. */
export const loadProduct = (events: EventStore, productId: string): Promise<ProductState> =>
  loadState(events, Streams.product(productId), productDecider);

export const schoolExists = async (events: EventStore, schoolId: string): Promise<boolean> =>
  (await loadState(events, Streams.school(schoolId), schoolDecider)).status === "registered";
