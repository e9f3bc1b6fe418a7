import { useEffect, useState } from "react";
import { subscribe } from "./socket.ts";

/** How long a lost connection is waited out before a screen says so: a network change reconnects within it. */
export const AWAY_NOTICE_MS = 3000;

/**
 * True while live updates cannot arrive: the browser is offline, or the live connection was lost
 * (the shop restarting, a phone between networks), for at least AWAY_NOTICE_MS; false again once
 * the connection is back (the screens catch up then: ../app/live/live-dispatcher.ts). Nothing is
 * said before a first connection was made and lost, or while the browser is online and connected.
 */
export const useLiveAway = (): boolean => {
  const [away, setAway] = useState(false);
  useEffect(() => {
    let socketLost = false;
    let offline = !navigator.onLine;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const update = () => {
      if (socketLost || offline) {
        timer ??= setTimeout(() => setAway(true), AWAY_NOTICE_MS);
        return;
      }
      clearTimeout(timer);
      timer = undefined;
      setAway(false);
    };
    const goneOffline = () => {
      offline = true;
      update();
    };
    const backOnline = () => {
      offline = false;
      update();
    };
    const offs = [
      subscribe("disconnect", () => {
        socketLost = true;
        update();
      }),
      subscribe("connect", () => {
        socketLost = false;
        update();
      }),
    ];
    window.addEventListener("offline", goneOffline);
    window.addEventListener("online", backOnline);
    update();
    return () => {
      clearTimeout(timer);
      for (const off of offs) off();
      window.removeEventListener("offline", goneOffline);
      window.removeEventListener("online", backOnline);
    };
  }, []);
  return away;
};
