import type { LiveEventName, LiveEvents } from "@shop/contracts";
import { useEffect, useRef } from "react";

type Listener<E extends LiveEventName> = (payload: LiveEvents[E]) => void;

const listeners = new Map<LiveEventName, Set<(payload: never) => void>>();

/**
 * Hands a live event, already applied to the query cache by the app's one dispatcher
 * (app/live), to the screens that react to it beyond data (a notice); they never touch the socket.
 */
export const announceLive = <E extends LiveEventName>(event: E, payload: LiveEvents[E]): void => {
  for (const listener of listeners.get(event) ?? []) (listener as Listener<E>)(payload);
};

/** While mounted, calls `listener` with each `event` after the dispatcher has applied it. */
export const useLiveEvent = <E extends LiveEventName>(event: E, listener: Listener<E>): void => {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => {
    const forward = (payload: LiveEvents[E]) => latest.current(payload);
    const set = listeners.get(event) ?? new Set();
    set.add(forward as (payload: never) => void);
    listeners.set(event, set);
    return () => {
      set.delete(forward as (payload: never) => void);
    };
  }, [event]);
};
