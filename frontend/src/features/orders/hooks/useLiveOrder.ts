import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { getSocket, listen } from "../../../lib/socket.ts";
import { orderKey } from "../api/order-cache.ts";

/**
 * Joins the order's live room while the page is open, so its `order.updated` events come (the app's
 * dispatcher applies them to the order's cache); after a reconnect the room is joined again and the
 * order refetched, since events sent while disconnected are lost.
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
      const onConnect = () => {
        watch();
        if (connectedBefore) void queryClient.invalidateQueries({ queryKey: orderKey(orderId) });
        connectedBefore = true;
      };
      const offConnect = listen(socket, "connect", onConnect);
      if (socket.connected) watch();
      cleanup = () => {
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
