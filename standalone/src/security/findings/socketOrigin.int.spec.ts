import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig, type RunningService } from "@shop/platform";
import { startQueryApiService } from "@shop/query-api";
import { io } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client } from "../../testing/client.ts";
import { startTestShop, type TestShop } from "../../testing/testShop.ts";
import { reportFinding } from "./report.ts";

/** Opens a socket as a browser would: the page's Origin and the victim's session cookie. */
const connectAs = (url: string, headers: Record<string, string>) =>
  new Promise<string>((resolve) => {
    const socket = io(url, {
      transports: ["websocket"],
      reconnection: false,
      timeout: 5000,
      extraHeaders: headers,
    });
    socket.once("connect", () => {
      socket.close();
      resolve("connected");
    });
    socket.once("connect_error", (err) => {
      socket.close();
      resolve(`refused (${err.message})`);
    });
  });

describe("finding 3: socket.io accepts any Origin when PUBLIC_URL is unset", () => {
  let shop: TestShop;
  let queryApi: RunningService;
  const dataDir = mkdtempSync(join(tmpdir(), "origin-query-"));
  let cookie = "";
  beforeAll(async () => {
    shop = await startTestShop();
    // The query-api service on its own (the gateway profile), on the same event log folder.
    queryApi = await startQueryApiService(loadConfig({ PORT: "0", DATA_DIR: dataDir, LOG_LEVEL: "silent" }));
    const login = await client(shop.url).post("/api/auth/login", {
      email: "admin@example.com",
      password: "admin-pass-1",
    });
    cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    expect(cookie).toMatch(/=/);
  });
  afterAll(async () => {
    await queryApi.close();
    rmSync(dataDir, { recursive: true, force: true });
    await shop.destroy();
  });

  it("refuses a page on another origin carrying the admin's cookie; the shop's own origin connects", async () => {
    const own = `http://127.0.0.1:${shop.port}`;
    const foreign = ["https://evil.example", `http://127.0.0.1:${shop.port}.evil.example`, "null"];
    const answers: Record<string, string> = {};
    for (const origin of foreign) answers[origin] = await connectAs(shop.url, { origin, cookie });
    for (const origin of foreign) expect(answers[origin], origin).toMatch(/^refused/);
    const ownAnswer = await connectAs(shop.url, { origin: own, cookie });
    expect(ownAnswer).toBe("connected");
    // The query-api service refuses a foreign page the same way, and takes its own origin.
    const service = await connectAs(queryApi.url, { origin: "https://evil.example" });
    expect(service).toMatch(/^refused/);
    expect(await connectAs(queryApi.url, { origin: `http://127.0.0.1:${queryApi.port}` })).toBe("connected");
    reportFinding(
      "3 socket origin",
      "open a socket from https://evil.example (and look-alikes) with the admin's session cookie, PUBLIC_URL unset (standalone and the query-api service)",
      `${Object.entries(answers)
        .map(([o, a]) => `${o}: ${a}`)
        .join("; ")}; own origin: ${ownAnswer}; the query-api service, from evil.example: ${service}`,
    );
  });
});
