import { createHmac, createSecretKey, type KeyObject, randomUUID, timingSafeEqual } from "node:crypto";
import { lazyImport } from "../ops/lazyImport.ts";

/**
 * jose signs the tokens; loaded at the first sign-in, not at start (~60 ms of a boot's main thread:
 * bench/RESULTS.md, thirteenth session). Checking a token never needs it (below).
 */
const loadJose = lazyImport(() => import("jose"));

export interface SessionTokensOptions {
  secret: string | Uint8Array;
  /** Seven days unless told otherwise. */
  ttlSeconds?: number;
  /** Milliseconds since the epoch; for tests. */
  now?: () => number;
  /** How many verified tokens `verify` remembers; VERIFIED_TOKEN_CACHE unless told otherwise. */
  remembered?: number;
}

export interface IssuedToken {
  token: string;
  tokenId: string;
  /** Epoch seconds (the token's `exp`). */
  expiresAt: number;
}

export interface VerifiedToken {
  userId: string;
  tokenId: string;
  /** The secret store's session generation it was issued in (`gen`), null when it names none. */
  generation: string | null;
  /** Epoch seconds (the token's `exp`). */
  expiresAt: number;
}

export interface SessionTokens {
  /** `generation`: the secret store's session generation, carried as `gen` (http/session.ts). */
  issue(userId: string, generation?: string): Promise<IssuedToken>;
  /** The token's claims, or null for a bad signature, a wrong algorithm, or an expired token. */
  verify(token: string): Promise<VerifiedToken | null>;
}

const SEVEN_DAYS = 7 * 24 * 60 * 60;

/** How many verified tokens a verifier remembers: the most recently verified first to stay. */
export const VERIFIED_TOKEN_CACHE = 10_000;

/**
 * Session tokens: HS256 JWTs carrying only the user id (`sub`), a token id (`jti`) and the secret
 * store's session generation (`gen`), so the role is read fresh on every request, a logout can
 * deny-list the token id until `exp`, and a store that lost its denylist refuses them all.
 */
export function createSessionTokens(options: SessionTokensOptions): SessionTokens {
  const key = typeof options.secret === "string" ? new TextEncoder().encode(options.secret) : options.secret;
  if (key.length < 32) throw new Error("session secret must be at least 32 bytes");
  const ttl = options.ttlSeconds ?? SEVEN_DAYS;
  const now = options.now ?? Date.now;
  const hmacKey = createSecretKey(key);
  /** Tokens this verifier has verified (never a refused one), by their whole text. */
  const verified = new Map<string, VerifiedToken>();
  const remembered = options.remembered ?? VERIFIED_TOKEN_CACHE;
  return {
    async issue(userId, generation) {
      const iat = Math.floor(now() / 1000);
      const expiresAt = iat + ttl;
      const tokenId = randomUUID();
      const { SignJWT } = await loadJose();
      const token = await new SignJWT(generation === undefined ? {} : { gen: generation })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(userId)
        .setJti(tokenId)
        .setIssuedAt(iat)
        .setExpirationTime(expiresAt)
        .sign(key);
      return { token, tokenId, expiresAt };
    },
    async verify(token) {
      const at = Math.floor(now() / 1000);
      // A token already verified is the same string with the same signature: only its expiry can
      // have changed the answer since (a valid token's nbf stays past). Its HMAC and claims'
      // parse were ~4 % of the main thread's time under status changes (bench/RESULTS.md).
      const known = verified.get(token);
      if (known) {
        if (known.expiresAt > at) return known;
        verified.delete(token);
        return null;
      }
      const claims = verifyHs256(token, hmacKey, at);
      if (claims) {
        verified.set(token, Object.freeze(claims));
        if (verified.size > remembered) verified.delete(verified.keys().next().value as string);
      }
      return claims;
    },
  };
}

/** An HS256 signature in base64url: 32 bytes, 43 characters, no padding. */
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;
/** Far above any token `issue` makes; a longer string is not even hashed. */
const MAX_TOKEN_LENGTH = 2048;

const decodePart = (part: string): Record<string, unknown> | null => {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, "base64url").toString("utf8"));
    return value !== null && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
};

/**
 * Checks a compact HS256 JWS synchronously with node:crypto (jose's WebCrypto verify dispatched
 * a job per call and cost 12–17 % of a request, bench/RESULTS.md), with jose's rules for the
 * claims we rely on: the header's `alg` must be HS256 (pinned: `none` or any other algorithm is
 * refused) and carry no `crit` or `b64`; the signature must be exactly the HMAC-SHA256 of the
 * first two parts under the key, compared in constant time; `sub` and `jti` are strings, `iat`
 * and `exp` numbers; a token with `exp` at or before now, or `nbf` after now, is refused.
 */
const verifyHs256 = (token: string, key: KeyObject, nowSeconds: number): VerifiedToken | null => {
  if (typeof token !== "string" || token.length > MAX_TOKEN_LENGTH) return null;
  const first = token.indexOf(".");
  const second = token.indexOf(".", first + 1);
  if (first <= 0 || second <= first + 1 || token.indexOf(".", second + 1) !== -1) return null;
  const signature = token.slice(second + 1);
  if (!SIGNATURE.test(signature)) return null;
  const expected = createHmac("sha256", key).update(token.slice(0, second)).digest("base64url");
  // Both are 43 ASCII characters here; comparing the canonical text also refuses the other
  // spellings of the same 32 bytes (the last character's two unused bits).
  if (!timingSafeEqual(Buffer.from(expected), Buffer.from(signature))) return null;
  const header = decodePart(token.slice(0, first));
  if (header?.alg !== "HS256" || "crit" in header || "b64" in header) return null;
  const claims = decodePart(token.slice(first + 1, second));
  if (!claims) return null;
  const { sub, jti, exp, iat, nbf, gen } = claims;
  if (typeof sub !== "string" || typeof jti !== "string") return null;
  if (typeof exp !== "number" || typeof iat !== "number") return null;
  if (exp <= nowSeconds) return null;
  if (nbf !== undefined && (typeof nbf !== "number" || nbf > nowSeconds)) return null;
  if (gen !== undefined && typeof gen !== "string") return null;
  return { userId: sub, tokenId: jti, generation: gen ?? null, expiresAt: exp };
};
