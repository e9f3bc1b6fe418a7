import { decodeJwt, decodeProtectedHeader, SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { createSessionTokens } from "./sessionTokens.ts";

const secret = "s".repeat(43);
const userId = "8b6c3c1e-6d1f-5b0a-9f39-1c2d3e4f5a6b";

describe("session tokens", () => {
  it("issues a token that verifies to the user and token id", async () => {
    const tokens = createSessionTokens({ secret });
    const issued = await tokens.issue(userId);
    expect(await tokens.verify(issued.token)).toEqual({
      userId,
      tokenId: issued.tokenId,
      expiresAt: issued.expiresAt,
    });
  });

  it("carries only sub, jti, iat and exp, signed HS256, valid for seven days", async () => {
    const { token, tokenId, expiresAt } = await createSessionTokens({ secret }).issue(userId);
    const claims = decodeJwt(token);
    expect(Object.keys(claims).sort()).toEqual(["exp", "iat", "jti", "sub"]);
    expect(claims).toMatchObject({ sub: userId, jti: tokenId, exp: expiresAt });
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

  it("refuses a secret shorter than 32 bytes", () => {
    expect(() => createSessionTokens({ secret: "short" })).toThrow();
  });
});
