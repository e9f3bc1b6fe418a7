import type { BookListsLive } from "../booklists/live.ts";
import type { CartsLive } from "../carts/live.ts";
import type { DashboardLive } from "../dashboard/live.ts";
import type { MessagesLive } from "../messages/live.ts";
import type { OrdersClientLive, OrdersLive } from "../orders/live.ts";
import type { CatalogueLive } from "../shared/live.ts";
import type { UsersLive } from "../users/live.ts";

/**
 * Every server → client live event (API.md "Live") and its payload, one map: the projector's
 * notifications, query-api's socket server and the browser's dispatcher are typed by it.
 */
export type LiveEvents = UsersLive &
  CatalogueLive &
  CartsLive &
  OrdersLive &
  MessagesLive &
  BookListsLive &
  DashboardLive;
export type LiveEventName = keyof LiveEvents;

/** One server → client message: an event name with that event's payload. */
export type LiveMessage = { [E in LiveEventName]: { event: E; payload: LiveEvents[E] } }[LiveEventName];

/** Every client → server live event and its payload. */
export type ClientLiveEvents = OrdersClientLive;
