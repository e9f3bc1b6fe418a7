import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { loadConfig, type RunningService } from "@shop/platform";
import { deleteKeys, REDIS_URL, requireRedis, runPrefix } from "@shop/platform/testing";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startCommandApiService } from "../service.ts";
import { createUser } from "../users/createUser.ts";

/** /ops/queues on the production queue (BullMQ on the real Redis): admins only. */
describe("the queue dashboard", () => {
  const prefix = `${runPrefix("queue-dashboard")}:`;
  const dataDir = mkdtempSync(join(tmpdir(), "queue-dashboard-"));
  let service: RunningService;
  const tokens: Record<string, string> = {};

  const makeUser = async (role: string, email: string, password: string) => {
    const stdin = Readable.from([`${password}\n`]) as unknown as typeof process.stdin;
    vi.spyOn(process, "stdin", "get").mockReturnValue(stdin);
    await createUser(["--role", role, "--email", email, "--name", role], loadConfig({ DATA_DIR: dataDir }));
    vi.restoreAllMocks();
  };

  beforeAll(async () => {
    await requireRedis();
    await makeUser("admin", "ops-admin@shop.test", "ops-admin-pass");
    await makeUser("delivery", "ops-rider@shop.test", "ops-rider-pass");
    const config = loadConfig({ PORT: "0", DATA_DIR: dataDir, REDIS_URL, LOG_LEVEL: "silent" });
    service = await startCommandApiService(config, { redisPrefix: prefix });
    for (const [role, email, password] of [
      ["admin", "ops-admin@shop.test", "ops-admin-pass"],
      ["delivery", "ops-rider@shop.test", "ops-rider-pass"],
    ] as const) {
      const res = await fetch(`${service.url}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, password }),
      });
      tokens[role] = ((await res.json()) as { token: string }).token;
    }
  });
  afterAll(async () => {
    await service?.close();
    await deleteKeys(prefix);
    rmSync(dataDir, { recursive: true, force: true });
  });

  const get = (path: string, token?: string) =>
    fetch(`${service.url}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

  it("refuses a visitor (401) and any role but admin (403), as problem+json", async () => {
    const visitor = await get("/ops/queues");
    expect(visitor.status).toBe(401);
    expect(visitor.headers.get("content-type")).toContain("application/problem+json");
    expect((await get("/ops/queues", tokens.delivery)).status).toBe(403);
    expect((await get("/ops/queues/api/queues", tokens.delivery)).status).toBe(403);
  });

  it("shows an admin the BullMQ dashboard over the shop's queues", async () => {
    const page = await get("/ops/queues", tokens.admin);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    const api = await get("/ops/queues/api/queues", tokens.admin);
    expect(api.status).toBe(200);
    const names = ((await api.json()) as { queues: { name: string }[] }).queues.map((q) => q.name).sort();
    expect(names).toEqual(["images", "mail"]);
  });
});
