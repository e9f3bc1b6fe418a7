import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { loadConfig } from "@shop/platform";
import { login, startTestShop } from "@shop/standalone";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createUser } from "./createUser.ts";

describe("create-user", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "create-user-"));
  afterEach(() => vi.restoreAllMocks());

  const withStdin = (text: string) => {
    const stdin = Readable.from([`${text}\n`]) as unknown as typeof process.stdin;
    vi.spyOn(process, "stdin", "get").mockReturnValue(stdin);
  };

  it("makes an admin from the command line with the password on stdin, who can then log in", async () => {
    const config = loadConfig({ DATA_DIR: dataDir, SEED_DEMO: "false" });
    withStdin("first-admin-pass");
    const userId = await createUser(
      ["--role", "admin", "--email", "Owner@Shop.in", "--name", "Shop Owner"],
      config,
    );
    const shop = await startTestShop({ dataDir, env: { SEED_DEMO: "false" } });
    try {
      const session = await login(shop.url, "owner@shop.in", "first-admin-pass");
      expect(session.user.id).toBe(userId);
      const me = await session.api.get<{ user: { accType: number } }>("/api/auth/me");
      expect(me.body.user.accType).toBe(1);
    } finally {
      await shop.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("refuses a short password and an unknown role", async () => {
    const config = loadConfig({ DATA_DIR: dataDir, SEED_DEMO: "false" });
    withStdin("short");
    await expect(createUser(["--role", "admin", "--email", "a@b.in", "--name", "A"], config)).rejects.toThrow(
      /password/,
    );
    await expect(createUser(["--role", "king", "--email", "a@b.in", "--name", "A"], config)).rejects.toThrow(
      /--role/,
    );
  });
});
