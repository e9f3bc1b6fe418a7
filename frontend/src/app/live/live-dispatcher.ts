import type { LiveEventName, LiveEvents } from "@shop/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { dashboardKey } from "../../features/dashboard/api/dashboard-key.ts";
import { staffOrdersKey } from "../../features/delivery/api/staff-orders-key.ts";
import { orderKey } from "../../features/orders/api/order-cache.ts";
import { announceLive } from "../../lib/live-events.ts";
import { pageLoaded, reconnectSocket, subscribe } from "../../lib/socket.ts";
import { useCurrentUser } from "../../stores/session.ts";
import type { LiveHandlers } from "./handlers.ts";

/**
 * Every live event the dispatcher listens for (the handler table, ./handlers.ts, says what each
 * does; live-updates.spec checks that the two name the same events). A name missing here fails to
 * compile.
 */
export const LIVE_EVENT_NAMES = [
  "order.placed",
  "order.updated",
  "cart.updated",
  "cart.productChanged",
  "catalogue.updated",
  "message.received",
  "booklist.uploaded",
  "booklist.updated",
  "dashboard.updated",
  "user.updated",
] as const satisfies readonly LiveEventName[];

type Unlisted = Exclude<LiveEventName, (typeof LIVE_EVENT_NAMES)[number]>;
export type EveryLiveEventListed = [Unlisted] extends [never] ? true : { unlisted: Unlisted };
const everyLiveEventListed: EveryLiveEventListed = true;
void everyLiveEventListed;

const startsWith = (key: readonly unknown[], prefix: readonly unknown[]) =>
  prefix.every((part, i) => key[i] === part);
/** Queries that refetch or catch up by themselves when the connection comes back. */
const catchesUpItself = (key: readonly unknown[]) =>
  startsWith(key, dashboardKey) ||
  startsWith(key, staffOrdersKey) ||
  startsWith(key, orderKey("").slice(0, 2));

/**
 * The app's one listener per live event: each event sets or invalidates query keys through the
 * handler table (./handlers.ts), then screens that show a notice hear it (`useLiveEvent`). The
 * connection is renewed when the user changes, since the handshake reads the session cookie.
 *
 * The handler table (with the cache helpers it uses) is not part of the first page's script: it is
 * asked for once the page has loaded (as the socket is, ../../lib/socket.ts: it does not share a
 * slow phone's line with the first screen's images), and an event that comes before it has arrived
 * is applied, in order, once it has.
 */
export const useLiveDispatcher = (): void => {
  const queryClient = useQueryClient();
  const userId = useCurrentUser()?.id ?? null;
  const previousUser = useRef(userId);

  useEffect(() => {
    let handlers: LiveHandlers | null = null;
    let live = true;
    const loading = pageLoaded()
      .then(() => import("./handlers.ts"))
      .then((m) => {
        handlers = m.createLiveHandlers();
      });
    loading.catch((error: unknown) => console.error("The live event handlers failed to load", error));
    const apply = <E extends LiveEventName>(table: LiveHandlers, event: E, payload: LiveEvents[E]) => {
      table[event](payload, queryClient);
      announceLive(event, payload);
    };
    const offs = LIVE_EVENT_NAMES.map((event) =>
      subscribe<LiveEvents[typeof event]>(event, (payload) => {
        if (handlers) apply(handlers, event, payload);
        else
          void loading.then(
            () => live && handlers && apply(handlers, event, payload),
            () => {},
          );
      }),
    );
    // Back after the connection was lost (a network change, the shop or its Redis restarted): what
    // changed meanwhile was never pushed, so every query on screen asks again and the rest are
    // marked stale; but for the order page, the rider's list and the dashboard, which catch up on
    // their own (from the position they last saw) and would only be fetched twice.
    let away = false;
    offs.push(
      subscribe("disconnect", () => {
        away = true;
      }),
      subscribe("connect", () => {
        if (!away) return;
        away = false;
        void queryClient.invalidateQueries({ predicate: (q) => !catchesUpItself(q.queryKey) });
      }),
    );
    return () => {
      live = false;
      for (const off of offs) off();
    };
  }, [queryClient]);

  useEffect(() => {
    if (previousUser.current === userId) return;
    previousUser.current = userId;
    void reconnectSocket();
  }, [userId]);
};

/** Mounted once beside the query client (app/providers.tsx). */
export const LiveDispatcher = (): null => {
  useLiveDispatcher();
  return null;
};
