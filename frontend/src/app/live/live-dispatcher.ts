import type { LiveEventName, LiveEvents } from "@shop/contracts";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { announceLive } from "../../lib/live-events.ts";
import { reconnectSocket, subscribe } from "../../lib/socket.ts";
import { useCurrentUser } from "../../stores/session.ts";
import { createLiveHandlers } from "./handlers.ts";

/**
 * The app's one listener per live event: each event sets or invalidates query keys through the
 * handler table (./handlers.ts), then screens that show a notice hear it (`useLiveEvent`). The
 * connection is renewed when the user changes, since the handshake reads the session cookie.
 */
export const useLiveDispatcher = (): void => {
  const queryClient = useQueryClient();
  const userId = useCurrentUser()?.id ?? null;
  const previousUser = useRef(userId);

  useEffect(() => {
    const handlers = createLiveHandlers();
    const apply = <E extends LiveEventName>(event: E, payload: LiveEvents[E], client: QueryClient) => {
      handlers[event](payload, client);
      announceLive(event, payload);
    };
    const offs = (Object.keys(handlers) as LiveEventName[]).map((event) =>
      subscribe<LiveEvents[typeof event]>(event, (payload) => apply(event, payload, queryClient)),
    );
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

/** Mounted once beside the query client (app/providers.tsx). */
export const LiveDispatcher = (): null => {
  useLiveDispatcher();
  return null;
};
