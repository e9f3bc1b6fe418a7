import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { CredentialStore } from "../ports/secrets.ts";

export interface CredentialStoreFixture {
  store: CredentialStore;
  reopen?: () => Promise<CredentialStore>;
  cleanup: () => Promise<void>;
}

/** The contract of CredentialStore in ports/secrets.ts, run against any adapter. */
export function credentialStoreConformance(
  name: string,
  makeStore: () => Promise<CredentialStoreFixture>,
): void {
  describe(`credential store conformance: ${name}`, () => {
    let fixture: CredentialStoreFixture;
    let store: CredentialStore;

    beforeEach(async () => {
      fixture = await makeStore();
      store = fixture.store;
    });
    afterEach(async () => {
      await fixture.cleanup();
    });

    it("stores, replaces and reads a hash", async () => {
      const id = randomUUID();
      expect(await store.get(id)).toBeNull();
      await store.put(id, "scrypt$1");
      expect(await store.get(id)).toBe("scrypt$1");
      await store.put(id, "scrypt$2");
      expect(await store.get(id)).toBe("scrypt$2");
    });

    it("keeps hashes across close and reopen", async ({ skip }) => {
      if (!fixture.reopen) skip("adapter cannot reopen");
      const id = randomUUID();
      await store.put(id, "durable");
      store = await fixture.reopen!();
      expect(await store.get(id)).toBe("durable");
    });
  });
}
