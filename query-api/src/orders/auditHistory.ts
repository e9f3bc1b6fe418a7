import {
  type AuditEvent,
  evolveOrder,
  initialOrderState,
  type OrderAfter,
  type OrderEvent,
  type OrderState,
  parseEvent,
} from "@shop/contracts";
import type { RecordedEvent } from "@shop/platform";

const after = (state: OrderState): OrderAfter | undefined =>
  state.status === "placed"
    ? {
        status: state.orderStatus,
        items: state.items,
        totals: state.totals,
        shippingAddress: state.shippingAddress,
      }
    : undefined;

/**
 * An order's events as stored, each with the order as it was right after it: the stream folded
 * up to that event by `evolveOrder`, the fold command-api's order decider decides on (contracts'
 * orders/state.ts), so the past shown is the state the next command met.
 */
export const auditHistory = (events: RecordedEvent[]): AuditEvent[] => {
  let state = initialOrderState();
  return events.map((e) => {
    state = evolveOrder(state, parseEvent(e.type, e.data, e.metadata.schemaVersion) as OrderEvent);
    const now = after(state);
    return {
      type: e.type,
      revision: e.revision,
      position: e.position,
      at: e.createdAt,
      data: e.data as Record<string, unknown>,
      metadata: e.metadata as unknown as Record<string, unknown>,
      ...(now && { after: now }),
    };
  });
};
