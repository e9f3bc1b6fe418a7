import type { OrderChanges } from "@shop/contracts";
import { api, withQuery } from "../../../lib/api-client.ts";

/** The orders changed after `since` (none given: just the newest position), from the read model. */
export const getOrderChanges = (since?: string) =>
  api.get<OrderChanges>(withQuery("/api/orders/changes", { since }));
