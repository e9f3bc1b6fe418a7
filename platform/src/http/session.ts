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
export const sessionCookieOf = (cookieHeader: string | undefined): string | null => {
  if (!cookieHeader) return null;
  const cookies = parseCookie(cookieHeader);
  return cookies[SECURE_SESSION_COOKIE] || cookies[SESSION_COOKIE] || null;
};

export interface SessionUser extends UserProfile {
  tokenId: string;
  /** Epoch seconds. */
  expiresAt: number;
}

export interface TokenVerifier {
  verify(token: string): Promise<{ userId: string; tokenId: string; expiresAt: number } | null>;
}

export const revokedKey = (tokenId: string): string => `revoked:${tokenId}`;

/** The session token from an `Authorization: Bearer` header, else the session cookie. */
export const tokenFromHeaders = (headers: { cookie?: string; authorization?: string }): string | null => {
  const auth = headers.authorization;
  if (auth?.startsWith("Bearer ")) return auth.slice(7).trim() || null;
  return sessionCookieOf(headers.cookie);
};

/** A user's state folded up to (not including) `nextRevision` of their stream. */
interface FoldedUser {
  state: UserState;
  nextRevision: number;
  foldedAt: number;
}

/** How many users' folded states each event store keeps (least recently used are dropped). */
const FOLDED_USERS_MAX = 10_000;
/** A folded state older than this is folded again from the start of the stream. */
const REFOLD_AFTER_MS = 60_000;
const foldedByStore = new WeakMap<EventStore, Map<string, FoldedUser>>();

/**
 * Reads a user's current state from their stream, so a role change counts at once. The events
 * already folded are kept per user (bounded, and refolded from the start after a minute), so a
 * request reads only the stream's new events: its cost does not grow with the user's history.
 */
export const loadUserState = async (store: EventStore, userId: string): Promise<UserState> => {
  let folded = foldedByStore.get(store);
  if (!folded) {
    folded = new Map();
    foldedByStore.set(store, folded);
  }
  const now = Date.now();
  const cached = folded.get(userId);
  const base = cached && now - cached.foldedAt < REFOLD_AFTER_MS ? cached : undefined;
  const from = base?.nextRevision ?? 0;
  const events = await store.readStream(Streams.user(userId), from > 0 ? { fromRevision: from } : undefined);
  let state = base?.state ?? initialUserState();
  let nextRevision = from;
  for (const e of events) {
    state = evolveUser(state, parseEvent(e.type, e.data, e.metadata.schemaVersion) as UserEvent);
    nextRevision = e.revision + 1;
  }
  folded.delete(userId);
  if (nextRevision > 0) {
    folded.set(userId, { state, nextRevision, foldedAt: base?.foldedAt ?? now });
    if (folded.size > FOLDED_USERS_MAX) folded.delete(folded.keys().next().value as string);
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
  if ((await deps.secrets.get(revokedKey(claims.tokenId))) !== null) return null;
  const state = await loadUserState(deps.events, claims.userId);
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
