import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { CredentialStore, SecretStore } from "../ports/secrets.ts";
import { credentialStoreConformance } from "./credentialStore.conformance.ts";
import { secretStoreConformance } from "./secretStore.conformance.ts";
import { createSqliteCredentialStore } from "./sqliteCredentialStore.ts";
import { createSqliteSecretStore } from "./sqliteSecretStore.ts";

async function tempFile() {
  const dir = await mkdtemp(join(tmpdir(), "shop-secrets-"));
  return { dir, file: join(dir, "secrets.db") };
}

secretStoreConformance("sqlite", async () => {
  const { dir, file } = await tempFile();
  let store: SecretStore = createSqliteSecretStore({ file });
  return {
    get store() {
      return store;
    },
    async reopen() {
      await store.close();
      store = createSqliteSecretStore({ file });
      return store;
    },
    async cleanup() {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
});

credentialStoreConformance("sqlite", async () => {
  const { dir, file } = await tempFile();
  let store: CredentialStore = createSqliteCredentialStore({ file });
  return {
    get store() {
      return store;
    },
    async reopen() {
      await store.close();
      store = createSqliteCredentialStore({ file });
      return store;
    },
    async cleanup() {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
});

describe("sqlite secrets file", () => {
  it("writes the counters asked for in one turn together: each caller its own count, in order, all read back", async () => {
    const { dir, file } = await tempFile();
    const store = createSqliteSecretStore({ file });
    try {
      const asked = [
        store.incr("turn:a", 60_000),
        store.set("turn:note", "first", 60_000, { durability: "crash" }),
        store.incr("turn:a", 60_000),
        store.incr("turn:b", 60_000),
        store.set("turn:note", "second", 60_000, { durability: "crash" }),
        store.incr("turn:a", 60_000),
      ];
      expect(await Promise.all(asked)).toEqual([1, undefined, 2, 1, undefined, 3]);
      expect(await store.get("turn:a")).toBe("3");
      expect(await store.get("turn:note")).toBe("second");
      // The next turn counts on from what the first wrote.
      expect(await store.incr("turn:a", 60_000)).toBe(4);
      // A turn's first write is made at once (a request alone waits for nothing), the rest at its end.
      await new Promise((resolve) => setImmediate(resolve));
      const first = store.incr("turn:c", 60_000);
      const second = store.incr("turn:c", 60_000);
      expect(await store.get("turn:c")).toBe("1");
      expect(await Promise.all([first, second])).toEqual([1, 2]);
      expect(await store.get("turn:c")).toBe("2");
    } finally {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("makes the counter writes already asked for when closed, and refuses later ones", async () => {
    const { dir, file } = await tempFile();
    const store = createSqliteSecretStore({ file });
    try {
      const counted = store.incr("closing", 60_000);
      await store.close();
      expect(await counted).toBe(1);
      await expect(store.incr("closing", 60_000)).rejects.toThrow(/closed/);
      const again = createSqliteSecretStore({ file });
      expect(await again.get("closing")).toBe("1");
      await again.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("holds secrets and credentials side by side in one file", async () => {
    const { dir, file } = await tempFile();
    const secrets = createSqliteSecretStore({ file });
    const credentials = createSqliteCredentialStore({ file });
    await secrets.set("otp:1", "hash", 60_000);
    await credentials.put("cred-1", "scrypt$x");
    expect(await secrets.get("otp:1")).toBe("hash");
    expect(await credentials.get("cred-1")).toBe("scrypt$x");
    await secrets.close();
    await credentials.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("purges expired rows on its timer and at open", async () => {
    const { dir, file } = await tempFile();
    let clock = 1_000_000;
    const store = createSqliteSecretStore({ file, now: () => clock, purgeEveryMs: 10 });
    await store.set("gone", "v", 100);
    await store.set("kept", "v", 10_000);
    clock += 1_000;
    await new Promise((r) => setTimeout(r, 40));
    await store.close();
    const { DatabaseSync } = await import("node:sqlite");
    const db = new DatabaseSync(file);
    expect(
      db
        .prepare("SELECT key FROM secrets")
        .all()
        .map((r) => r.key),
    ).toEqual(["kept"]);
    db.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("rejects a ttl that is not a positive number", async () => {
    const { dir, file } = await tempFile();
    const store = createSqliteSecretStore({ file });
    await expect(store.set("k", "v", 0)).rejects.toBeInstanceOf(RangeError);
    await expect(store.incr("k", Number.NaN)).rejects.toBeInstanceOf(RangeError);
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });
});
