import type { LivePublisher, LiveTarget } from "../ports/live.ts";

export interface InProcessLive extends LivePublisher {
  /** Connects the in-process socket.io server; events before this are dropped (best effort). */
  attach(target: LiveTarget): void;
  detach(): void;
}

/** The embedded live fan-out: calls straight into the socket.io server of this process. */
export function createInProcessLive(): InProcessLive {
  let target: LiveTarget | null = null;
  // socket.io treats an empty room list as "every socket", so an empty list must do nothing
  // here, or a notification meant for nobody would reach everyone (or disconnect everyone).
  const rooms = (list: string[]) => (target !== null && list.length > 0 ? target : null);
  return {
    attach(next) {
      target = next;
    },
    detach() {
      target = null;
    },
    emit(to, event, payload) {
      rooms(to)?.to(to).emit(event, payload);
    },
    socketsJoin(inRooms, join) {
      if (join.length > 0) rooms(inRooms)?.in(inRooms).socketsJoin(join);
    },
    socketsLeave(inRooms, leave) {
      if (leave.length > 0) rooms(inRooms)?.in(inRooms).socketsLeave(leave);
    },
    disconnectSockets(inRooms) {
      rooms(inRooms)?.in(inRooms).disconnectSockets(true);
    },
  };
}
