import { DomainError } from "@shop/contracts";
import { describe, expect, it } from "vitest";
import { createPasswordHasher } from "./hashingPool.ts";

describe("password hasher (bounded pool)", () => {
  it("hashes and verifies through the pool; a missing hash never matches", async () => {
    const hasher = createPasswordHasher();
    const hash = await hasher.hash("right-password");
    expect(await hasher.verify("right-password", hash)).toBe(true);
    expect(await hasher.verify("wrong-password", hash)).toBe(false);
    expect(await hasher.verify("right-password", null)).toBe(false);
  });

  it("refuses at once, with 503's kind and a Retry-After, once running and waiting slots are full", async () => {
    const hasher = createPasswordHasher({ concurrency: 1, maxWaiting: 1, retryAfterSeconds: 2 });
    const results = await Promise.allSettled([hasher.hash("a"), hasher.hash("b"), hasher.hash("c")]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled", "rejected"]);
    const refusal = (results[2] as PromiseRejectedResult).reason as DomainError;
    expect(refusal).toBeInstanceOf(DomainError);
    expect(refusal.kind).toBe("unavailable");
    expect(refusal.extras.retryAfterSeconds).toBe(2);
    // The slots are given back: the pool takes work again.
    expect(await hasher.verify("a", await hasher.hash("a"))).toBe(true);
  });
});
