import { randomUUID } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";

export interface SessionTokensOptions {
  secret: string | Uint8Array;
  /** Seven days unless told otherwise. */
  ttlSeconds?: number;
  /** Milliseconds since the epoch; for tests. */
  now?: () => number;
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
  /** Epoch seconds (the token's `exp`). */
  expiresAt: number;
}

export interface SessionTokens {
  issue(userId: string): Promise<IssuedToken>;
  /** The token's claims, or null for a bad signature, a wrong algorithm, or an expired token. */
  verify(token: string): Promise<VerifiedToken | null>;
}

const SEVEN_DAYS = 7 * 24 * 60 * 60;

/**
 * Session tokens: HS256 JWTs carrying only the user id (`sub`) and a token id (`jti`), so the
 * role is read fresh on every request and a logout can deny-list the token id until `exp`.
 */
export function createSessionTokens(options: SessionTokensOptions): SessionTokens {
  const key = typeof options.secret === "string" ? new TextEncoder().encode(options.secret) : options.secret;
  if (key.length < 32) throw new Error("session secret must be at least 32 bytes");
  const ttl = options.ttlSeconds ?? SEVEN_DAYS;
  const now = options.now ?? Date.now;
  // Imported once: handing jose the raw bytes makes it import an HMAC CryptoKey on every call,
  // which was a third of the token check's cost on the command hot path (bench/RESULTS.md).
  let hmacKey: ReturnType<typeof crypto.subtle.importKey> | undefined;
  const verifyKey = () =>
    (hmacKey ??= crypto.subtle.importKey("raw", key, { name: "HMAC", hash: "SHA-256" }, false, [
      "sign",
      "verify",
    ]));
  return {
    async issue(userId) {
      const iat = Math.floor(now() / 1000);
      const expiresAt = iat + ttl;
      const tokenId = randomUUID();
      const token = await new SignJWT({})
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(userId)
        .setJti(tokenId)
        .setIssuedAt(iat)
        .setExpirationTime(expiresAt)
        .sign(key);
      return { token, tokenId, expiresAt };
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, await verifyKey(), {
          algorithms: ["HS256"],
          currentDate: new Date(now()),
          requiredClaims: ["sub", "jti", "exp", "iat"],
        });
        const { sub, jti, exp } = payload;
        if (typeof sub !== "string" || typeof jti !== "string" || typeof exp !== "number") return null;
        return { userId: sub, tokenId: jti, expiresAt: exp };
      } catch {
        return null;
      }
    },
  };
}
