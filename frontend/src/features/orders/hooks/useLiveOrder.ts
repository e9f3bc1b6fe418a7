import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { getSocket, listen } from "../../../lib/socket.ts";
import { applyOrderUpdate, type OrderUpdated, orderKey } from "../api/get-order.ts";

/**
 * Joins the order's live room while the page is open. Each `order.updated` sets the order's query
 * cache (stale positions dropped); after a reconnect the room is joined again and the order refetched,
 * since events sent while disconnected are lost.
 */
export const useLiveOrder = (orderId: string): void => {
  const queryClient = useQueryClient();
  useEffect(() => {
    let active = true;
    let cleanup = () => {};
    void getSocket().then((socket) => {
      if (!active) return;
      let connectedBefore = socket.connected;
      const watch = () => socket.emit("order.watch", { orderId });
      const onUpdated = (payload: OrderUpdated) => {
        if (payload.order.id === orderId) applyOrderUpdate(queryClient, payload);
      };
      const onConnect = () => {
        watch();
        if (connectedBefore) void queryClient.invalidateQueries({ queryKey: orderKey(orderId) });
        connectedBefore = true;
      };
      const offUpdated = listen(socket, "order.updated", onUpdated);
      const offConnect = listen(socket, "connect", onConnect);
      if (socket.connected) watch();
      cleanup = () => {
        offUpdated();
        offConnect();
        socket.emit("order.unwatch", { orderId });
      };
    });
    return () => {
      active = false;
      cleanup();
    };
  }, [orderId, queryClient]);
};
