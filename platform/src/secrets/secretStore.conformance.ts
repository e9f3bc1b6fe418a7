import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { SecretStore } from "../ports/secrets.ts";

export interface SecretStoreFixture {
  store: SecretStore;
  /** Closes `store` and opens a new one on the same data; absent when impossible. */
  reopen?: () => Promise<SecretStore>;
  cleanup: () => Promise<void>;
}

/** The contract of SecretStore in ports/secrets.ts, run against any adapter. */
export function secretStoreConformance(name: string, makeStore: () => Promise<SecretStoreFixture>): void {
  describe(`secret store conformance: ${name}`, () => {
    let fixture: SecretStoreFixture;
    let store: SecretStore;
    // Keys are unique per test so a shared Redis does not leak state between tests.
    let key: (name: string) => string;

    beforeEach(async () => {
      fixture = await makeStore();
      store = fixture.store;
      const prefix = randomUUID();
      key = (n) => `conformance:${prefix}:${n}`;
    });
    afterEach(async () => {
      await fixture.cleanup();
    });

    it("sets, gets, overwrites and deletes", async () => {
      expect(await store.get(key("a"))).toBeNull();
      await store.set(key("a"), "one", 60_000);
      expect(await store.get(key("a"))).toBe("one");
      await store.set(key("a"), "two", 60_000);
      expect(await store.get(key("a"))).toBe("two");
      await store.delete(key("a"));
      expect(await store.get(key("a"))).toBeNull();
      await store.delete(key("never"));
    });

    it("reads several keys at once, null where absent or expired", async () => {
      await store.set(key("x"), "one", 60_000);
      await store.set(key("gone"), "soon", 60);
      await store.incr(key("n"), 60_000);
      await sleep(120);
      expect(await store.getMany([key("x"), key("none"), key("gone"), key("n")])).toEqual([
        "one",
        null,
        null,
        "1",
      ]);
      expect(await store.getMany([])).toEqual([]);
    });

    it("keeps a value only when the key is absent, for good, and answers the value held", async () => {
      expect(await store.setIfAbsent(key("mark"), "first")).toBe("first");
      expect(await store.setIfAbsent(key("mark"), "second")).toBe("first");
      expect(await store.get(key("mark"))).toBe("first");
      expect(await store.ttl(key("mark"))).toBe(Number.POSITIVE_INFINITY);
      await store.set(key("expired"), "old", 60);
      await sleep(120);
      expect(await store.setIfAbsent(key("expired"), "new")).toBe("new");
      expect(await store.get(key("expired"))).toBe("new");
      await store.delete(key("mark"));
      expect(await store.setIfAbsent(key("mark"), "third")).toBe("third");
    });

    it("answers every concurrent caller of setIfAbsent the one value kept", async () => {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => store.setIfAbsent(key("race"), `caller-${i}`)),
      );
      expect(new Set(answers).size).toBe(1);
      expect(await store.get(key("race"))).toBe(answers[0]);
    });

    it("keeps a value set without a disk flush like any other: read back, overwritten, expiring", async () => {
      await store.set(key("tally"), "order-1", 60_000, { durability: "crash" });
      expect(await store.get(key("tally"))).toBe("order-1");
      await store.set(key("tally"), "order-2", 60_000);
      expect(await store.get(key("tally"))).toBe("order-2");
      await store.set(key("tally"), "order-3", 60, { durability: "crash" });
      expect(await store.get(key("tally"))).toBe("order-3");
      await new Promise((r) => setTimeout(r, 120));
      expect(await store.get(key("tally"))).toBeNull();
    });

    it("reads an expired key as absent", async () => {
      await store.set(key("short"), "v", 60);
      expect(await store.get(key("short"))).toBe("v");
      await sleep(120);
      expect(await store.get(key("short"))).toBeNull();
      expect(await store.ttl(key("short"))).toBeNull();
    });

    it("answers the remaining ttl in milliseconds", async () => {
      expect(await store.ttl(key("none"))).toBeNull();
      await store.set(key("t"), "v", 10_000);
      const ttl = await store.ttl(key("t"));
      expect(ttl).toBeGreaterThan(9_000);
      expect(ttl).toBeLessThanOrEqual(10_000);
    });

    it("increments a counter, which starts at 1 and keeps its first expiry", async () => {
      expect(await store.incr(key("c"), 10_000)).toBe(1);
      expect(await store.incr(key("c"), 60_000)).toBe(2);
      expect(await store.incr(key("c"), 60_000)).toBe(3);
      expect(await store.get(key("c"))).toBe("3");
      expect(await store.ttl(key("c"))).toBeLessThanOrEqual(10_000);
    });

    it("increments atomically under concurrent callers", async () => {
      const results = await Promise.all(Array.from({ length: 50 }, () => store.incr(key("race"), 60_000)));
      expect([...results].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    });

    it("lets exactly `max` of a burst of parallel attempts through a limit counted before the check", async () => {
      // The login lockout's use: each attempt takes a number first, and only numbers <= max go on.
      const max = 5;
      const taken = await Promise.all(Array.from({ length: 40 }, () => store.incr(key("attempts"), 60_000)));
      expect(taken.filter((n) => n <= max)).toHaveLength(max);
    });

    it("restarts an expired counter at 1", async () => {
      await store.incr(key("window"), 60);
      await store.incr(key("window"), 60);
      await sleep(120);
      expect(await store.incr(key("window"), 60_000)).toBe(1);
      expect(await store.ttl(key("window"))).toBeGreaterThan(50_000);
    });

    it("keeps live keys across close and reopen", async ({ skip }) => {
      if (!fixture.reopen) skip("adapter cannot reopen");
      await store.set(key("denied"), "1", 60_000);
      await store.incr(key("count"), 60_000);
      await store.setIfAbsent(key("since"), "1700000000");
      store = await fixture.reopen!();
      expect(await store.get(key("denied"))).toBe("1");
      expect(await store.setIfAbsent(key("since"), "1800000000")).toBe("1700000000");
      expect(await store.incr(key("count"), 60_000)).toBe(2);
    });
  });
}
