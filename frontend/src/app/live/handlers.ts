import { comparePositions, type LiveEventName, type LiveEvents } from "@shop/contracts";
import type { QueryClient } from "@tanstack/react-query";
import { upsertBookList } from "../../features/admin/api/booklists-cache.ts";
import { prependMessage } from "../../features/admin/api/messages-cache.ts";
import { replaceCart } from "../../features/cart/api/cart-cache.ts";
import { insertPlacedOrder, updateListedOrder } from "../../features/delivery/api/staff-orders-cache.ts";
import { applyOrderUpdate, ordersListKey } from "../../features/orders/api/order-cache.ts";
import { replaceUser } from "../../features/users/api/users-cache.ts";
import { useSession } from "../../stores/session.ts";

/** How each live event (contracts' map: a new event fails to compile until it is handled here) reaches the cache. */
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
  return {
    "order.placed": ({ order }, queryClient) => {
      insertPlacedOrder(queryClient, order);
      refetchOrderLists(queryClient);
    },
    "order.updated": (payload, queryClient) => {
      applyOrderUpdate(queryClient, payload);
      updateListedOrder(queryClient, payload.order);
      refetchOrderLists(queryClient);
    },
    "cart.updated": ({ position, cart }, queryClient) => {
      // Events can overtake each other across reconnects: never go back to an older cart.
      if (cartAt !== null && comparePositions(position, cartAt) < 0) return;
      cartAt = position;
      replaceCart(queryClient, cart);
    },
    "catalogue.updated": (_payload, queryClient) => {
      void queryClient.invalidateQueries({ queryKey: ["products"] });
    },
    "message.received": ({ message }, queryClient) => prependMessage(queryClient, message),
    "booklist.uploaded": ({ booklist }, queryClient) => upsertBookList(queryClient, booklist),
    "booklist.updated": ({ booklist }, queryClient) => upsertBookList(queryClient, booklist),
    // A profile edit (here or in another tab) or a role change: the stored user and the admin's list.
    "user.updated": ({ user }, queryClient) => {
      const session = useSession.getState();
      if (session.user?.id === user.id) session.setUser(user);
      replaceUser(queryClient, user);
    },
  };
};
