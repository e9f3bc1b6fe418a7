import { comparePositions, type OrderSummary } from "@shop/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useLiveEvent } from "../../../lib/live-events.ts";
import { subscribe } from "../../../lib/socket.ts";
import { applyMissed } from "../api/catch-up.ts";
import { getOrderChanges } from "../api/get-order-changes.ts";

export type Connection =
  | { state: "live" }
  | { state: "lost" }
  | { state: "caughtUp"; newOrders: number; updates: number }
  | { state: "catchUpFailed" };

/** The later of the two positions stays. */
const see = (seen: { current: string | null }, position: string) => {
  if (seen.current === null || comparePositions(position, seen.current) > 0) seen.current = position;
};

/**
 * Follows the last order position this page has seen (its first load, then each live order
 * event). When the connection comes back after a loss, asks the read model for every order
 * changed since that position, puts them in the list and says how many were missed.
 * `onMissed` hears the orders new to the list (for the background alerts).
 */
export const useCatchUp = (enabled: boolean, onMissed: (orders: OrderSummary[]) => void): Connection => {
  const queryClient = useQueryClient();
  const [connection, setConnection] = useState<Connection>({ state: "live" });
  const seen = useRef<string | null>(null);
  const lost = useRef(false);
  const missed = useRef(onMissed);
  missed.current = onMissed;

  useLiveEvent("order.placed", ({ position }) => see(seen, position));
  useLiveEvent("order.updated", ({ position }) => see(seen, position));

  useEffect(() => {
    if (!enabled) return;
    let active = true;
    void getOrderChanges()
      .then((c) => active && see(seen, c.position))
      .catch(() => {});
    // Connection events are not data: this page listens to them itself (the dispatcher carries data).
    const offLost = subscribe("disconnect", () => {
      lost.current = true;
      setConnection({ state: "lost" });
    });
    const offBack = subscribe("connect", async () => {
      if (!lost.current) return;
      lost.current = false;
      try {
        if (seen.current === null) throw new Error("no position seen yet");
        const changes = await getOrderChanges(seen.current);
        if (!active) return;
        const fresh = applyMissed(queryClient, changes);
        see(seen, changes.position);
        setConnection({
          state: "caughtUp",
          newOrders: fresh.length,
          updates: changes.items.length - fresh.length,
        });
        missed.current(fresh);
      } catch {
        if (!active) return;
        setConnection({ state: "catchUpFailed" });
        void queryClient.invalidateQueries({ queryKey: ["orders"] });
      }
    });
    return () => {
      active = false;
      offLost();
      offBack();
    };
  }, [enabled, queryClient]);

  return connection;
};
