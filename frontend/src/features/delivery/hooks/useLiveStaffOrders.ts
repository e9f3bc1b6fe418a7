import type { Order, OrderSummary } from "@shop/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { toast } from "../../../components/ui/toast.ts";
import { subscribe } from "../../../lib/socket.ts";
import { insertPlacedOrder, updateListedOrder } from "../api/get-staff-orders.ts";

/**
 * Keeps the staff order list live: `order.placed` adds the order on top (with a notice when asked),
 * `order.updated` changes its row. Both only set the query cache.
 */
export const useLiveStaffOrders = ({ notify }: { notify: boolean }): void => {
  const queryClient = useQueryClient();
  useEffect(() => {
    const offs = [
      subscribe<{ order: OrderSummary }>("order.placed", ({ order }) => {
        insertPlacedOrder(queryClient, order);
        if (notify) toast.info(`New order #${order.shortId} from ${order.customer.name}`);
      }),
      subscribe<{ order: Order }>("order.updated", ({ order }) => updateListedOrder(queryClient, order)),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [queryClient, notify]);
};
