import type { LivePublisher } from "@shop/platform";
import type { Notification } from "./projection.ts";

/** Sends a batch's notifications in order; a role change moves the user's sockets first. */
export const publish = (live: LivePublisher, notes: Notification[]): void => {
  for (const n of notes) {
    if (n.move) {
      live.socketsLeave(n.rooms, n.move.leave);
      if (n.move.join.length) live.socketsJoin(n.rooms, n.move.join);
    }
    live.emit(n.rooms, n.event, n.payload);
  }
};
