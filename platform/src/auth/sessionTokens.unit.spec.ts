import { decodeJwt, decodeProtectedHeader, SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { createSessionTokens } from "./sessionTokens.ts";

const secret = "s".repeat(43);
const userId = "8b6c3c1e-6d1f-5b0a-9f39-1c2d3e4f5a6b";

describe("session tokens", () => {
  it("issues a token that verifies to the user, token id and session generation", async () => {
    const tokens = createSessionTokens({ secret });
    const issued = await tokens.issue(userId, "gen-1");
    expect(await tokens.verify(issued.token)).toEqual({
      userId,
      tokenId: issued.tokenId,
      generation: "gen-1",
      expiresAt: issued.expiresAt,
    });
    const without = await tokens.issue(userId);
    expect(await tokens.verify(without.token)).toMatchObject({ generation: null });
  });

  it("carries only sub, jti, gen, iat and exp, signed HS256, valid for seven days", async () => {
    const { token, tokenId, expiresAt } = await createSessionTokens({ secret }).issue(userId, "gen-1");
    const claims = decodeJwt(token);
    expect(Object.keys(claims).sort()).toEqual(["exp", "gen", "iat", "jti", "sub"]);
    expect(claims).toMatchObject({ sub: userId, jti: tokenId, gen: "gen-1", exp: expiresAt });
    expect(expiresAt - claims.iat!).toBe(7 * 24 * 3600);
    expect(decodeProtectedHeader(token).alg).toBe("HS256");
  });

  it("rejects a tampered token", async () => {
    const tokens = createSessionTokens({ secret });
    const { token } = await tokens.issue(userId);
    const [header, payload, signature] = token.split(".");
    const forged = Buffer.from(JSON.stringify({ ...decodeJwt(token), sub: "someone-else" })).toString(
      "base64url",
    );
    expect(await tokens.verify(`${header}.${forged}.${signature}`)).toBeNull();
    const flipped = signature!.startsWith("A") ? `B${signature!.slice(1)}` : `A${signature!.slice(1)}`;
    expect(await tokens.verify(`${header}.${payload}.${flipped}`)).toBeNull();
    expect(await tokens.verify("not-a-jwt")).toBeNull();
  });

  it("rejects a token signed with another secret or without a signature", async () => {
    const other = await createSessionTokens({ secret: "o".repeat(43) }).issue(userId);
    const tokens = createSessionTokens({ secret });
    expect(await tokens.verify(other.token)).toBeNull();
    const [, payload] = other.token.split(".");
    const none = `${Buffer.from('{"alg":"none"}').toString("base64url")}.${payload}.`;
    expect(await tokens.verify(none)).toBeNull();
  });

  it("rejects an expired token", async () => {
    const past = Date.now() - 8 * 24 * 3600 * 1000;
    const old = await createSessionTokens({ secret, now: () => past }).issue(userId);
    expect(await createSessionTokens({ secret }).verify(old.token)).toBeNull();
    const short = createSessionTokens({ secret, ttlSeconds: 60 });
    const { token } = await short.issue(userId);
    const later = createSessionTokens({ secret, now: () => Date.now() + 61_000 });
    expect(await later.verify(token)).toBeNull();
  });

  it("refuses a token verified before once its exp has come, and a changed copy of it", async () => {
    let at = Date.UTC(2026, 10, 28, 12, 0, 0);
    const tokens = createSessionTokens({ secret, ttlSeconds: 60, now: () => at });
    const { token, tokenId } = await tokens.issue(userId, "gen-1");
    expect(await tokens.verify(token)).toMatchObject({ tokenId });
    expect(await tokens.verify(token)).toMatchObject({ tokenId });
    const [header, , signature] = token.split(".");
    const forged = Buffer.from(JSON.stringify({ ...decodeJwt(token), sub: "someone-else" })).toString(
      "base64url",
    );
    expect(await tokens.verify(`${header}.${forged}.${signature}`)).toBeNull();
    expect(await tokens.verify(`${token}x`)).toBeNull();
    at += 59_000;
    expect(await tokens.verify(token)).toMatchObject({ tokenId });
    at += 1_000;
    expect(await tokens.verify(token)).toBeNull();
    expect(await tokens.verify(token)).toBeNull();
  });

  it("keeps answering every token right past the number it remembers", async () => {
    const tokens = createSessionTokens({ secret, remembered: 3 });
    const issued = await Promise.all(Array.from({ length: 8 }, (_, i) => tokens.issue(`user-${i}`, "g")));
    for (const { token } of issued) expect(await tokens.verify(token)).not.toBeNull();
    for (const [i, { token }] of issued.entries())
      expect(await tokens.verify(token)).toMatchObject({ userId: `user-${i}` });
    expect(await tokens.verify(`${issued[0]!.token}x`)).toBeNull();
  });

  it("rejects a validly signed token that lacks the token id", async () => {
    const key = new TextEncoder().encode(secret);
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(userId)
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(key);
    expect(await createSessionTokens({ secret }).verify(token)).toBeNull();
  });

  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const signWith = async (
    header: Record<string, unknown>,
    claims: Record<string, unknown>,
    alg = "HS256",
  ) => {
    const { CompactSign } = await import("jose");
    const jws = await new CompactSign(new TextEncoder().encode(JSON.stringify(claims)))
      .setProtectedHeader({ ...header, alg })
      .sign(new TextEncoder().encode(secret));
    return jws;
  };
  const nowSeconds = () => Math.floor(Date.now() / 1000);
  const goodClaims = () => ({ sub: userId, jti: "t-1", iat: nowSeconds(), exp: nowSeconds() + 3600 });

  it("accepts any HS256 JWT with the claims it needs, signed with the secret (with or without typ)", async () => {
    const tokens = createSessionTokens({ secret });
    const claims = goodClaims();
    for (const header of [{}, { typ: "JWT" }]) {
      expect(await tokens.verify(await signWith(header, claims))).toEqual({
        userId,
        tokenId: "t-1",
        generation: null,
        expiresAt: claims.exp,
      });
    }
  });

  it("pins the algorithm: alg none, HS512 or a header naming another algorithm are refused", async () => {
    const tokens = createSessionTokens({ secret });
    const claims = goodClaims();
    // Unsigned, with or without a made-up signature.
    expect(await tokens.verify(`${b64({ alg: "none" })}.${b64(claims)}.`)).toBeNull();
    expect(await tokens.verify(`${b64({ alg: "none", typ: "JWT" })}.${b64(claims)}.AAAA`)).toBeNull();
    // Signed with the right secret, but not with HS256.
    expect(await tokens.verify(await signWith({}, claims, "HS512"))).toBeNull();
    expect(await tokens.verify(await signWith({}, claims, "HS384"))).toBeNull();
    // An HS256 signature over a header that claims something else.
    const { createHmac } = await import("node:crypto");
    for (const alg of ["none", "HS512", "RS256", "hs256"]) {
      const input = `${b64({ alg })}.${b64(claims)}`;
      const sig = createHmac("sha256", secret).update(input).digest("base64url");
      expect(await tokens.verify(`${input}.${sig}`), alg).toBeNull();
    }
  });

  it("refuses critical header extensions, odd shapes and other spellings of the signature", async () => {
    const tokens = createSessionTokens({ secret });
    const claims = goodClaims();
    const { createHmac } = await import("node:crypto");
    const signed = (header: unknown, payload: unknown) => {
      const input = `${b64(header)}.${b64(payload)}`;
      return `${input}.${createHmac("sha256", secret).update(input).digest("base64url")}`;
    };
    expect(await tokens.verify(signed({ alg: "HS256" }, claims))).not.toBeNull();
    expect(await tokens.verify(signed({ alg: "HS256", crit: ["exp"], exp: 1 }, claims))).toBeNull();
    expect(await tokens.verify(signed({ alg: "HS256", crit: ["b64"], b64: false }, claims))).toBeNull();
    expect(await tokens.verify(signed(["HS256"], claims))).toBeNull();
    expect(await tokens.verify(signed({ alg: "HS256" }, [claims]))).toBeNull();
    expect(await tokens.verify(signed({ alg: "HS256" }, { ...claims, exp: String(claims.exp) }))).toBeNull();
    expect(await tokens.verify(signed({ alg: "HS256" }, { ...claims, sub: 42 }))).toBeNull();
    expect(await tokens.verify(signed({ alg: "HS256" }, { ...claims, gen: 7 }))).toBeNull();
    const { jti: _jti, ...noJti } = claims;
    expect(await tokens.verify(signed({ alg: "HS256" }, noJti))).toBeNull();
    const { iat: _iat, ...noIat } = claims;
    expect(await tokens.verify(signed({ alg: "HS256" }, noIat))).toBeNull();
    const good = signed({ alg: "HS256" }, claims);
    expect(await tokens.verify(`${good}.`)).toBeNull();
    expect(await tokens.verify(` ${good}`)).toBeNull();
    expect(await tokens.verify(`${good}=`)).toBeNull();
    expect(await tokens.verify("..")).toBeNull();
    expect(await tokens.verify("")).toBeNull();
    // The same 32 bytes spelled with the last character's two unused bits set.
    const last = good.at(-1)!;
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const sibling = alphabet[alphabet.indexOf(last) ^ 1]!;
    expect(Buffer.from(`${good.slice(good.lastIndexOf(".") + 1, -1)}${sibling}`, "base64url")).toEqual(
      Buffer.from(good.slice(good.lastIndexOf(".") + 1), "base64url"),
    );
    expect(await tokens.verify(`${good.slice(0, -1)}${sibling}`)).toBeNull();
  });

  it("refuses a token at its exp second or before its nbf", async () => {
    const at = 1_900_000_000;
    const tokens = createSessionTokens({ secret, now: () => at * 1000 + 500 });
    const base = { sub: userId, jti: "t-2", iat: at - 10 };
    expect(await tokens.verify(await signWith({}, { ...base, exp: at + 1 }))).not.toBeNull();
    expect(await tokens.verify(await signWith({}, { ...base, exp: at }))).toBeNull();
    expect(await tokens.verify(await signWith({}, { ...base, exp: at - 1 }))).toBeNull();
    expect(await tokens.verify(await signWith({}, { ...base, exp: at + 60, nbf: at }))).not.toBeNull();
    expect(await tokens.verify(await signWith({}, { ...base, exp: at + 60, nbf: at + 1 }))).toBeNull();
  });

  it("refuses a secret shorter than 32 bytes", () => {
    expect(() => createSessionTokens({ secret: "short" })).toThrow();
  });
});
