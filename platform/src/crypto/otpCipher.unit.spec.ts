import { describe, expect, it } from "vitest";
import { createOtpCipher } from "./otpCipher.ts";

describe("otp cipher", () => {
  const cipher = createOtpCipher("a-session-secret-for-tests");

  it("generates six digits from a CSPRNG", () => {
    const codes = new Set(Array.from({ length: 200 }, () => cipher.generate()));
    for (const c of codes) expect(c).toMatch(/^\d{6}$/);
    expect(codes.size).toBeGreaterThan(190);
  });

  it("seals so the code does not appear, and opens it back", () => {
    const sealed = cipher.seal("042917");
    expect(sealed).not.toContain("042917");
    expect(cipher.open(sealed)).toBe("042917");
  });

  it("refuses a tampered seal and a seal from another secret", () => {
    const sealed = cipher.seal("123456");
    // One bit of the sealed bytes flipped (the last byte: the ciphertext), whatever the random IV.
    const raw = Buffer.from(sealed, "base64url");
    raw[raw.length - 1] = (raw[raw.length - 1] as number) ^ 1;
    const flipped = raw.toString("base64url");
    expect(flipped).not.toBe(sealed);
    expect(() => cipher.open(flipped)).toThrow();
    expect(() => createOtpCipher("another-secret").open(sealed)).toThrow();
  });

  it("matches a digest only for the same order and code", () => {
    const d = cipher.digest("order-1", "123456");
    expect(cipher.matches("order-1", "123456", d)).toBe(true);
    expect(cipher.matches("order-1", "123457", d)).toBe(false);
    expect(cipher.matches("order-2", "123456", d)).toBe(false);
  });
});
