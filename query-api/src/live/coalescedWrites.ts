import type { Server } from "socket.io";

/** The parts of engine.io's per-client socket this touches (not in its public types). */
interface EngineClient {
  flush(): void;
  transport?: { name?: string; socket?: { _socket?: { cork(): void; uncork(): void } } };
}

/**
 * The packets a client is sent in one turn of the event loop (a projected batch's
 * `order.placed`, `order.updated` and `dashboard.updated`) leave in one transport send and, on a
 * websocket, one TCP write. engine.io sends the first packet at once and the next ones only after
 * that write's callback, so three emits cost two or three writes, each a system call that also
 * wakes the client: on a quiet shop, one order's largest fixed cost after its HTTP answer.
 * The packets and their order are unchanged; only their flush waits for the current turn's
 * synchronous work (a microtask).
 */
export const coalesceWrites = (io: Server): void => {
  io.engine.on("connection", (client: EngineClient) => {
    const flushNow = client.flush.bind(client);
    let scheduled = false;
    const flushCorked = () => {
      scheduled = false;
      const raw = client.transport?.name === "websocket" ? client.transport.socket?._socket : undefined;
      raw?.cork();
      try {
        flushNow();
      } finally {
        raw?.uncork();
      }
    };
    client.flush = () => {
      if (scheduled) return;
      scheduled = true;
      queueMicrotask(flushCorked);
    };
  });
};
