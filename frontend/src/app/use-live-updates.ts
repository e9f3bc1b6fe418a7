import type { User } from "@shop/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { applyOrderUpdate, type OrderUpdated, ordersListKey } from "../features/orders/api/order-cache.ts";
import { reconnectSocket, subscribe } from "../lib/socket.ts";
import { useCurrentUser, useSession } from "../stores/session.ts";

/**
 * App-wide socket events: each sets or invalidates query keys, never component state.
 * The connection is renewed when the user changes, since the handshake reads the session cookie.
 */
export const useLiveUpdates = (): void => {
  const queryClient = useQueryClient();
  const userId = useCurrentUser()?.id ?? null;
  const previousUser = useRef(userId);

  useEffect(() => {
    const offs = [
      subscribe("order.placed", () => queryClient.invalidateQueries({ queryKey: ordersListKey() })),
      subscribe<OrderUpdated>("order.updated", (payload) => {
        applyOrderUpdate(queryClient, payload);
        void queryClient.invalidateQueries({ queryKey: ordersListKey() });
      }),
      subscribe("catalogue.updated", () => queryClient.invalidateQueries({ queryKey: ["products"] })),
      // A profile edit (here or in another tab) or a role change refreshes the stored currentUser.
      subscribe<{ user: User }>("user.updated", ({ user }) => {
        const session = useSession.getState();
        if (session.user?.id === user.id) session.setUser(user);
      }),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [queryClient]);

  useEffect(() => {
    if (previousUser.current === userId) return;
    previousUser.current = userId;
    void reconnectSocket();
  }, [userId]);
};
