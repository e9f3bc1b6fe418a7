/**
 * Live fan-out port: what the projector (and command-api on logout) tells socket.io. The
 * production adapter is the socket.io Redis emitter; the embedded one calls the in-process
 * socket.io server that query-api attaches. Delivery is best effort; clients refetch on reconnect.
 */
export interface LiveTarget {
  to(rooms: string[]): { emit(event: string, payload: unknown): void };
  in(rooms: string[]): {
    socketsJoin(rooms: string[]): void;
    socketsLeave(rooms: string[]): void;
    disconnectSockets(close?: boolean): void;
  };
}

export interface LivePublisher {
  emit(rooms: string[], event: string, payload: unknown): void;
  socketsJoin(inRooms: string[], rooms: string[]): void;
  socketsLeave(inRooms: string[], rooms: string[]): void;
  disconnectSockets(inRooms: string[]): void;
}
