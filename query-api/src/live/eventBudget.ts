import { TokenBucket } from "limiter";

/** Events one socket may send at once, and per second after that: far above what a screen sends. */
export const SOCKET_EVENT_BURST = 100;
export const SOCKET_EVENTS_PER_SECOND = 20;
/** Events refused in a row after which the socket is dropped: a flood, not a busy screen. */
export const SOCKET_REFUSALS_TO_DROP = 200;

export type Verdict = "serve" | "refuse" | "drop";

/**
 * One socket's allowance of incoming events (a token bucket, full at connect). The app sends an
 * `order.watch` when an order's page opens and an `order.unwatch` when it closes; each watch costs
 * the server a session check and a read of the order's stream. A socket past its allowance is
 * answered without that work, and one that keeps sending is dropped (the client may reconnect).
 */
export const eventBudget = () => {
  const bucket = new TokenBucket({
    bucketSize: SOCKET_EVENT_BURST,
    tokensPerInterval: SOCKET_EVENTS_PER_SECOND,
    interval: "second",
  });
  bucket.content = SOCKET_EVENT_BURST;
  let refusedInRow = 0;
  return {
    next(): Verdict {
      if (bucket.tryRemoveTokens(1)) {
        refusedInRow = 0;
        return "serve";
      }
      refusedInRow += 1;
      return refusedInRow >= SOCKET_REFUSALS_TO_DROP ? "drop" : "refuse";
    },
  };
};
