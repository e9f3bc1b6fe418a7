import { resolveSession, SESSION_GENERATION_KEY } from "@shop/platform/http";
import type { QueryApiDeps } from "../deps.ts";

/** What the watch needs of a live server's sockets: whatever its typed events. */
interface WatchedSocket {
  data: { user?: unknown; token?: string | null };
  disconnect(close: boolean): unknown;
}
interface WatchedServer {
  of(name: "/"): { sockets: ReadonlyMap<string, WatchedSocket> };
}

/** How often the session generation is read (one key, one read per process). */
const EVERY_MS = 5000;

/**
 * Ends the open sockets of sessions the secret store no longer vouches for. A store that came back
 * empty (Redis restarted without persistence, flushed, failed over) refuses every token issued
 * before (http/session.ts), but a socket is checked at its handshake and when it watches an order:
 * one connected before went on hearing its user's orders. When the generation read here changes,
 * each signed-in socket's session is resolved again, and a socket whose token is refused now is
 * disconnected (its client reconnects as what its token still is, or logs in). A store that does
 * not answer is asked again next time.
 */
export const watchSessionGeneration = (
  io: WatchedServer,
  deps: Pick<QueryApiDeps, "secrets" | "tokens" | "events" | "logger">,
  everyMs = EVERY_MS,
): (() => void) => {
  let last: string | null | undefined;
  let running = false;
  const check = async () => {
    if (running) return;
    running = true;
    try {
      const [generation = null] = await deps.secrets.getMany([SESSION_GENERATION_KEY]);
      if (last !== undefined && generation !== last) {
        let ended = 0;
        for (const socket of io.of("/").sockets.values()) {
          if (!socket.data.user) continue;
          const current = await resolveSession(deps, socket.data.token ?? null).catch(() => undefined);
          if (current === null) {
            socket.disconnect(true);
            ended++;
          }
        }
        if (ended > 0)
          deps.logger.warn({ ended }, "session generation changed: sockets of ended sessions closed");
      }
      last = generation;
    } catch {
      // The store is away: asked again at the next turn.
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void check(), everyMs);
  timer.unref();
  void check();
  return () => clearInterval(timer);
};
