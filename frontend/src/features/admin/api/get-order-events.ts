import type { EventMetadata, OrderAfter } from "@shop/contracts";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

/** One entry of GET /api/orders/:id/events: the event as stored, with its actor in the metadata. */
export interface AuditEvent {
  type: string;
  revision: number;
  position: string;
  at: string;
  data: Record<string, unknown>;
  metadata: Partial<EventMetadata>;
  /** The order right after this event (folded by the order decider's evolve on the server). */
  after?: OrderAfter;
}

export const getOrderEvents = (orderId: string, signal?: AbortSignal) =>
  api.get<{ items: AuditEvent[] }>(
    `/api/orders/${encodeURIComponent(orderId)}/events`,
    signal ? { signal } : {},
  );

/**
 * Keyed by the order's position too: when the order moves on (live or after a command) the history is
 * read again, the previous one staying on screen meanwhile.
 */
export const orderEventsQueryOptions = (orderId: string, position?: string) =>
  queryOptions({
    queryKey: ["orders", "events", orderId, position ?? null],
    queryFn: ({ signal }) => getOrderEvents(orderId, signal),
    select: (d) => d.items,
    placeholderData: keepPreviousData,
  });

export const useOrderEvents = (orderId: string, position?: string) =>
  useQuery(orderEventsQueryOptions(orderId, position));
