import {
  type BookList,
  type Cart,
  comparePositions,
  type LiveEventName,
  type LiveEvents,
  type Message,
  type OrderSummary,
  type User,
} from "@shop/contracts";
import type { QueryClient } from "@tanstack/react-query";
import { bookListsKey } from "../../features/admin/api/booklists-key.ts";
import { messagesKey } from "../../features/admin/api/messages-key.ts";
import { replaceCart } from "../../features/cart/api/cart-cache.ts";
import { patchDashboardLive } from "../../features/dashboard/api/dashboard-key.ts";
import { staffOrdersKey } from "../../features/delivery/api/staff-orders-key.ts";
import { applyOrderUpdate, ordersListKey } from "../../features/orders/api/order-cache.ts";
import { usersKey } from "../../features/users/api/users-key.ts";
import { useSession } from "../../stores/session.ts";
import { prependToPages, replaceInPages } from "./paged-lists.ts";

/** How each live event reaches the cache; contracts' map makes a new event fail to compile until handled here. */
export type LiveHandlers = {
  [E in LiveEventName]: (payload: LiveEvents[E], queryClient: QueryClient) => void;
};

/** The customer's order lists follow by refetching; the staff list is patched instead (never both). */
const refetchOrderLists = (queryClient: QueryClient) => {
  for (const scope of ["mine", "all"] as const)
    void queryClient.invalidateQueries({ queryKey: ordersListKey(scope) });
};

/**
 * Each event is applied once to each query it changes: a patch where the payload says enough,
 * else one refetch. A fresh table per dispatcher: the cart's last position is its own.
 */
export const createLiveHandlers = (): LiveHandlers => {
  let cartAt: string | null = null;
  const applyCart = (position: string, cart: Cart, queryClient: QueryClient) => {
    // Events can overtake each other across reconnects: never go back to an older cart.
    if (cartAt !== null && comparePositions(position, cartAt) < 0) return;
    cartAt = position;
    replaceCart(queryClient, cart);
  };
  return {
    // The new order goes on top of the staff list (newest first) unless it is there already.
    "order.placed": ({ order }, queryClient) => {
      prependToPages<OrderSummary>(queryClient, staffOrdersKey, order);
      refetchOrderLists(queryClient);
    },
    // The order's page takes the order (unless it shows a later one); its staff row the summary fields.
    "order.updated": (payload, queryClient) => {
      applyOrderUpdate(queryClient, payload);
      const {
        items: _items,
        totals: _totals,
        timeline: _timeline,
        position: _position,
        ...summary
      } = payload.order;
      replaceInPages<OrderSummary>(queryClient, staffOrdersKey, summary.id, (o) => ({ ...o, ...summary }));
      refetchOrderLists(queryClient);
    },
    "cart.updated": ({ position, cart }, queryClient) => applyCart(position, cart, queryClient),
    // A catalogue change to a product in the cart: the cart page names the line (useLiveEvent).
    "cart.productChanged": ({ position, cart }, queryClient) => applyCart(position, cart, queryClient),
    "catalogue.updated": (_payload, queryClient) => {
      void queryClient.invalidateQueries({ queryKey: ["products"] });
    },
    "message.received": ({ message }, queryClient) =>
      prependToPages<Message>(queryClient, messagesKey, message),
    "booklist.uploaded": ({ booklist }, queryClient) =>
      prependToPages<BookList>(queryClient, bookListsKey, booklist, { upsert: true }),
    "booklist.updated": ({ booklist }, queryClient) =>
      prependToPages<BookList>(queryClient, bookListsKey, booklist, { upsert: true }),
    // A profile edit (here or in another tab) or a role change: the stored user and the admin's list.
    // The admin's dashboard takes the figures the event changed (whole, so a repeat changes nothing).
    "dashboard.updated": (payload, queryClient) => patchDashboardLive(queryClient, payload),
    "user.updated": ({ user }, queryClient) => {
      const session = useSession.getState();
      if (session.user?.id === user.id) session.setUser(user);
      replaceInPages<User>(queryClient, usersKey, user.id, () => user);
    },
  };
};
