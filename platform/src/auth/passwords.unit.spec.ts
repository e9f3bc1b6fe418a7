import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./passwords.ts";

describe("passwords", () => {
  it("verifies the right password and rejects a wrong one", async () => {
    const hash = await hashPassword("admin-pass-1");
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(await verifyPassword("admin-pass-1", hash)).toBe(true);
    expect(await verifyPassword("admin-pass-2", hash)).toBe(false);
    expect(await verifyPassword("", hash)).toBe(false);
  });

  it("salts each hash", async () => {
    expect(await hashPassword("same")).not.toBe(await hashPassword("same"));
  });

  it("verifies hashes made with other parameters, as the encoding names them", async () => {
    const hash = await hashPassword("pw");
    const [, , , , salt] = hash.split("$");
    const { scryptSync } = await import("node:crypto");
    const weaker = scryptSync("pw", Buffer.from(salt!, "base64url"), 32, { N: 1024, r: 8, p: 1 });
    expect(await verifyPassword("pw", `scrypt$1024$8$1$${salt}$${weaker.toString("base64url")}`)).toBe(true);
  });

  it("never matches a malformed or hostile hash", async () => {
    for (const bad of [
      "",
      "plain",
      "scrypt$1$8$1$abc$def",
      "bcrypt$x",
      "scrypt$33554432$8$1$c2FsdA$aGFzaGhhc2hoYXNoaGFzaA",
      "scrypt$1024$8$1$$",
    ]) {
      expect(await verifyPassword("pw", bad)).toBe(false);
    }
  });
});
