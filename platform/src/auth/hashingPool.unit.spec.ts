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

  it("serves a known browser's login in its own queue, ahead of a full queue of others", async () => {
    const hasher = createPasswordHasher({ concurrency: 1, maxWaiting: 2 });
    const hash = await hasher.hash("right");
    const order: string[] = [];
    const check = (name: string, lane?: "known" | "other") =>
      hasher
        .verify("wrong", hash, async () => void order.push(name), lane)
        .then(
          () => "checked",
          (e: DomainError) => e.kind,
        );
    const others = [check("o1"), check("o2"), check("o3"), check("o4")];
    const known = check("k1", "known");
    expect(await Promise.all([...others, known])).toEqual([
      "checked",
      "checked",
      "checked",
      "unavailable",
      "checked",
    ]);
    // The running one first, then the known browser's, then the waiting others.
    expect(order).toEqual(["o1", "k1", "o2", "o3"]);
  });

  it("does not do the check when `admitted` throws, and gives the slot back", async () => {
    const hasher = createPasswordHasher({ concurrency: 1, maxWaiting: 0 });
    const refused = hasher.verify("a", null, async () => {
      throw new Error("over the limit");
    });
    await expect(refused).rejects.toThrow("over the limit");
    expect(await hasher.verify("a", await hasher.hash("a"))).toBe(true);
  });
});
