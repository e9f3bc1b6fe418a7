import { isStaff, parseEvent, Streams } from "@shop/contracts";
import type { EventStore } from "@shop/platform";

/**
 * Who may read an order: its customer, admins and delivery staff (spec §6). Decided from the
 * order's first event, so it holds even before the read model has caught up.
 */
export const orderCustomerId = async (events: EventStore, orderId: string): Promise<string | null> => {
  const [first] = await events.readStream(Streams.order(orderId));
  if (first?.type !== "OrderPlaced") return null;
  const placed = parseEvent(first.type, first.data, first.metadata.schemaVersion);
  return placed.type === "OrderPlaced" ? placed.data.customer.userId : null;
};

export const mayReadOrder = (user: { userId: string; accType: number }, customerId: string): boolean =>
  isStaff(user.accType) || user.userId === customerId;
