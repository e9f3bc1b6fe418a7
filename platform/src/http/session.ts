import { randomUUID } from "node:crypto";
import {
  DomainError,
  evolveUser,
  initialUserState,
  parseEvent,
  Streams,
  Texts,
  type UserEvent,
  type UserProfile,
  type UserState,
} from "@shop/contracts";
import { parse as parseCookie } from "cookie";
import type { RequestHandler, Response } from "express";
import type { EventStore } from "../ports/eventStore.ts";
import type { SecretStore } from "../ports/secrets.ts";

/** The session cookie's name over plain HTTP (local development, tests). */
export const SESSION_COOKIE = "session";
/**
 * Its name over HTTPS: the `__Host-` prefix makes the browser refuse it unless Secure, Path=/ and
 * without Domain, so a sibling subdomain cannot plant or shadow it.
 */
export const SECURE_SESSION_COOKIE = "__Host-session";

export const sessionCookieName = (secure: boolean): string =>
  secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE;

/** The session token from a Cookie header: the `__Host-` cookie first, else the plain one. */
export const sessionCookieOf = (cookieHeader: string | undefined): string | null =>
  cookieOf(cookieHeader, SESSION_COOKIE);

/** A cookie from a Cookie header by its plain name: the `__Host-` one first, else the plain one. */
export const cookieOf = (cookieHeader: string | undefined, name: string): string | null => {
  if (!cookieHeader) return null;
  const cookies = parseCookie(cookieHeader);
  return cookies[`__Host-${name}`] || cookies[name] || null;
};

export interface SessionUser extends UserProfile {
  tokenId: string;
  /** Epoch seconds. */
  expiresAt: number;
}

export interface TokenVerifier {
  verify(
    token: string,
  ): Promise<{ userId: string; tokenId: string; generation: string | null; expiresAt: number } | null>;
}

export const revokedKey = (tokenId: string): string => `revoked:${tokenId}`;

/**
 * The secret store's session generation: a random id kept for good, which every token issued
 * carries (`gen`). A store that comes back empty (Redis restarted without persistence, flushed,
 * or failed over to a replica without the keys) has lost its logout denylist, and the generation
 * with it: the first session check or login after the loss keeps a new one, so every token issued
 * before is refused, since which of them were logged out is no longer known. A fresh login works
 * at once.
 */
export const SESSION_GENERATION_KEY = "sessions:generation";

/** The store's generation, a new one when it has none. */
const sessionGeneration = (secrets: SecretStore): Promise<string> =>
  secrets.setIfAbsent(SESSION_GENERATION_KEY, randomUUID());

/** Issues a session token of the store's current generation. */
export const issueSession = async <T>(
  deps: { secrets: SecretStore; tokens: { issue(userId: string, generation: string): Promise<T> } },
  userId: string,
): Promise<T> => deps.tokens.issue(userId, await sessionGeneration(deps.secrets));

/** The session token from an `Authorization: Bearer` header, else the session cookie. */
export const tokenFromHeaders = (headers: { cookie?: string; authorization?: string }): string | null => {
  const auth = headers.authorization;
  if (auth?.startsWith("Bearer ")) return auth.slice(7).trim() || null;
  return sessionCookieOf(headers.cookie);
};

/** Reads a user's current state straight from their stream, so a role change counts at once. */
export const loadUserState = async (store: EventStore, userId: string): Promise<UserState> => {
  const events = await store.readStream(Streams.user(userId));
  return events.reduce(
    (state, e) => evolveUser(state, parseEvent(e.type, e.data, e.metadata.schemaVersion) as UserEvent),
    initialUserState(),
  );
};

/** How many users' states a session resolver keeps per event store (the most recently seen). */
export const SESSION_USER_CACHE = 10_000;

interface KnownUser {
  /** The revision of the last event folded into `state`. */
  revision: number;
  state: UserState;
}

const knownUsers = new WeakMap<EventStore, Map<string, KnownUser>>();

/**
 * The same state as `loadUserState`, for a session on every request: a stream is append-only, so
 * the state folded up to a revision is kept and only the events after it are read (none, almost
 * always) and applied. A role change or a new profile is still read on the very next request;
 * what is saved is parsing and validating the whole stream each time.
 */
export const currentUserState = async (store: EventStore, userId: string): Promise<UserState> => {
  let users = knownUsers.get(store);
  if (!users) {
    users = new Map();
    knownUsers.set(store, users);
  }
  const known = users.get(userId);
  const events = await store.readStream(
    Streams.user(userId),
    known ? { fromRevision: known.revision + 1 } : undefined,
  );
  let { revision, state } = known ?? { revision: -1, state: initialUserState() };
  for (const e of events) {
    // Two requests may have read overlapping tails; an event already folded in is not applied twice.
    if (e.revision <= revision) continue;
    state = evolveUser(state, parseEvent(e.type, e.data, e.metadata.schemaVersion) as UserEvent);
    revision = e.revision;
  }
  // Only a stream that exists is kept: a token for an unknown user must not fill the map.
  if (revision >= 0) {
    const latest = users.get(userId);
    if (!latest || latest.revision <= revision) {
      users.delete(userId);
      users.set(userId, { revision, state });
      if (users.size > SESSION_USER_CACHE) users.delete(users.keys().next().value as string);
    }
  }
  return state;
};

export interface SessionDeps {
  tokens: TokenVerifier;
  secrets: SecretStore;
  events: EventStore;
}

/** Resolves a token to the user's current state; null for a bad, expired, revoked or orphan token. */
export const resolveSession = async (
  deps: SessionDeps,
  token: string | null,
): Promise<SessionUser | null> => {
  if (!token) return null;
  const claims = await deps.tokens.verify(token);
  if (!claims) return null;
  const [revoked, generation] = await deps.secrets.getMany([
    revokedKey(claims.tokenId),
    SESSION_GENERATION_KEY,
  ]);
  if (revoked !== null) return null;
  if (claims.generation !== (generation ?? (await sessionGeneration(deps.secrets)))) return null;
  const state = await currentUserState(deps.events, claims.userId);
  if (state.status !== "registered") return null;
  const { credentialId: _secret, status: _status, ...user } = state;
  return { ...user, tokenId: claims.tokenId, expiresAt: claims.expiresAt };
};

export const sessionMiddleware =
  (deps: SessionDeps): RequestHandler =>
  async (req, res, next) => {
    const token = tokenFromHeaders(req.headers);
    // An answer to a caller with credentials may be theirs alone: no shared or browser cache keeps it.
    if (token) res.setHeader("Cache-Control", "no-store");
    res.locals.session = await resolveSession(deps, token);
    next();
  };

export const currentSession = (res: Response): SessionUser | null =>
  (res.locals.session as SessionUser | null) ?? null;

/** 401 `Login First!` for a visitor without a valid session. */
export const requireSession = (res: Response): SessionUser => {
  const s = currentSession(res);
  if (!s) throw new DomainError("unauthenticated", Texts.loginFirst);
  return s;
};

export const requireRole = (
  res: Response,
  allowed: (accType: number) => boolean,
  detail: string = Texts.forbidden,
) => {
  const s = requireSession(res);
  if (!allowed(s.accType)) throw new DomainError("forbidden", detail);
  return s;
};
