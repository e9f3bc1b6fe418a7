import type { Server as HttpServer } from "node:http";
import {
  type ClientLiveEvents,
  type LiveEventName,
  type LiveEvents,
  PUBLIC_ROOM,
  parseId,
  roleRooms,
  rooms,
  type WatchAnswer,
} from "@shop/contracts";
import { addressCounter, trustedPeerOf } from "@shop/platform";
import { resolveSession, type SessionUser, tokenFromHeaders } from "@shop/platform/http";
import { Server } from "socket.io";
import type { QueryApiDeps } from "../deps.ts";
import { mayReadOrder, orderCustomerId } from "../orders/access.ts";
import { eventBudget } from "./eventBudget.ts";
import { originAllowed } from "./origin.ts";
import { watchSessionGeneration } from "./sessionGenerationWatch.ts";

/** setTimeout's longest delay (about 24.8 days); a session token lives 7 days. */
const MAX_TIMER_MS = 2 ** 31 - 1;

interface SocketData {
  user: SessionUser | null;
  /** The handshake's session token: each `order.watch` resolves it again (role, revocation). */
  token: string | null;
}

/** What the projector sends through this server (contracts' live event map). */
type ServerToClient = { [E in LiveEventName]: (payload: LiveEvents[E]) => void };
/** What clients may send: untrusted until checked, whatever contracts says the payloads are. */
type ClientToServer = { [E in keyof ClientLiveEvents]: (payload: unknown, ack?: unknown) => void };

/** The largest message a client may send the live server (bytes). */
export const MAX_CLIENT_MESSAGE_BYTES = 8 * 1024;

/**
 * socket.io on query-api (ARCHITECTURE §7). The handshake reads the session cookie or
 * `auth.token`: a bad token is refused, none gives an anonymous socket that hears public events.
 */
export const createLiveServer = (
  http: HttpServer,
  deps: QueryApiDeps,
): Server<ClientToServer, ServerToClient, Record<string, never>, SocketData> => {
  const allowed = deps.publicUrl ? new URL(deps.publicUrl).origin : null;
  // A session is kept until its client has been silent past the ping timeout (~45 s), and a
  // polling handshake opens one with a plain request: one address holds at most
  // CONNECTIONS_PER_ADDRESS of them (the trusted proxy's are its clients', never capped here).
  const sessions = addressCounter(
    deps.connectionsPerAddress ?? 0,
    deps.trustProxy ? trustedPeerOf(deps.trustProxy) : undefined,
  );
  const io = new Server<ClientToServer, ServerToClient, Record<string, never>, SocketData>(http, {
    path: "/socket.io",
    serveClient: false,
    // What a client sends is `order.watch`/`order.unwatch { orderId }` and its handshake's token,
    // well under 1 kB; a bigger message (socket.io's default allows 1 MB, parsed whole on the
    // event loop before any handler) closes the connection.
    maxHttpBufferSize: MAX_CLIENT_MESSAGE_BYTES,
    allowRequest: (req, callback) => {
      callback(
        null,
        originAllowed(req.headers.origin, req.headers.host, allowed) &&
          sessions.admits(req.socket.remoteAddress),
      );
    },
  });
  // engine.io's session (its events are untyped): counted from its opening to its close.
  io.engine.on(
    "connection",
    (session: { remoteAddress: string; once(event: "close", f: () => void): void }) =>
      session.once("close", sessions.hold(session.remoteAddress)),
  );

  // The polling transport's answers carry a signed-in user's events: never sniffed as another
  // type, never cached (the API's answers have these from securityHeaders; these bypass express).
  io.engine.on("headers", (headers: Record<string, string>) => {
    headers["X-Content-Type-Options"] = "nosniff";
    headers["Cache-Control"] = "no-store";
  });

  http.once("close", watchSessionGeneration(io, deps));

  io.use(async (socket, next) => {
    const authToken = (socket.handshake.auth as { token?: unknown }).token;
    // A token that is there but not a string is a bad token, never "no token" (anonymous).
    if (authToken !== undefined && typeof authToken !== "string") return next(new Error("unauthorized"));
    const token =
      typeof authToken === "string" && authToken
        ? authToken
        : tokenFromHeaders({ cookie: socket.handshake.headers.cookie });
    socket.data.token = token;
    if (!token) {
      socket.data.user = null;
      return next();
    }
    try {
      const user = await resolveSession(deps, token);
      if (!user) return next(new Error("unauthorized"));
      socket.data.user = user;
      next();
    } catch (err) {
      deps.logger.error({ err }, "socket handshake failed");
      next(new Error("unavailable"));
    }
  });

  /**
   * The handshake read the session before the socket joined its rooms. A logout or demotion whose
   * "disconnect the session's (user's) sockets" reached this server in between found it in none of
   * them, and it stayed, hearing the account's events until the token's expiry. Each of those
   * writes its revocation or new role before it sends the disconnect, so the session read again
   * now that the socket is in its rooms sees it: refused, or another role than the rooms joined,
   * and the socket is closed (its client reconnects as what it is now). A store that does not
   * answer leaves it be, as the handshake it just passed would.
   */
  const confirmAfterJoin = async (
    socket: { data: SocketData; disconnect(close: boolean): unknown },
    joined: SessionUser,
  ) => {
    try {
      const now = await resolveSession(deps, socket.data.token);
      if (!now || now.userId !== joined.userId || now.accType !== joined.accType) socket.disconnect(true);
    } catch (err) {
      deps.logger.warn({ err }, "socket session re-check failed");
    }
  };

  io.on("connection", (socket) => {
    const user = socket.data.user;
    const budget = eventBudget();
    socket.use((packet, next) => {
      const verdict = budget.next();
      if (verdict === "serve") return next();
      if (verdict === "drop") {
        socket.disconnect(true);
        return;
      }
      // Not passed on: answered (when it asks for an answer) without the work.
      const ack = packet.at(-1);
      if (typeof ack === "function") (ack as (r: WatchAnswer) => void)({ ok: false, error: "too_many" });
    });
    socket.join(PUBLIC_ROOM);
    if (user) {
      socket.join([rooms.user(user.userId), rooms.session(user.tokenId), ...roleRooms(user.accType)]);
      // The session ends at the token's `exp`, and the socket with it: the client reconnects with
      // a token it still holds, or as a visitor.
      const expiry = setTimeout(
        () => socket.disconnect(true),
        Math.min(MAX_TIMER_MS, Math.max(0, user.expiresAt * 1000 - Date.now())),
      );
      expiry.unref();
      socket.once("disconnect", () => clearTimeout(expiry));
      void confirmAfterJoin(socket, user);
    }

    socket.on("order.watch", async (payload: unknown, ack?: unknown) => {
      const reply = typeof ack === "function" ? (ack as (r: WatchAnswer) => void) : () => {};
      const orderId = parseId((payload as { orderId?: unknown } | null)?.orderId);
      if (!user || !orderId) return reply({ ok: false, error: "forbidden" });
      try {
        // The role now, not the handshake's: a demoted or logged-out user may watch no more.
        const current = await resolveSession(deps, socket.data.token);
        if (!current || current.userId !== user.userId) return reply({ ok: false, error: "forbidden" });
        const customerId = await orderCustomerId(deps.events, orderId);
        if (!customerId || !mayReadOrder(current, customerId))
          return reply({ ok: false, error: "forbidden" });
        await socket.join(rooms.order(orderId));
        reply({ ok: true });
      } catch (err) {
        deps.logger.error({ err }, "order.watch failed");
        reply({ ok: false, error: "unavailable" });
      }
    });

    socket.on("order.unwatch", (payload: unknown) => {
      const orderId = parseId((payload as { orderId?: unknown } | null)?.orderId);
      if (orderId) socket.leave(rooms.order(orderId));
    });
  });

  return io;
};
