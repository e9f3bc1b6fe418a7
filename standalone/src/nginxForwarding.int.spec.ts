import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { SERVICE_KEEP_ALIVE_MS } from "@shop/platform";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findNginx, NGINX_CONF, type RunningNginx, startGateway } from "./testing/nginx.ts";

/**
 * What deploy/nginx.conf hands the services, seen by two echo servers standing in for command-api
 * and query-api behind Debian's nginx; and the gateway and compose lines that keep the services
 * unreachable from outside and re-resolve scaled-out instances.
 */
const nginx = findNginx();
if (!nginx)
  console.log("skipped: nginx is not installed (apt-get install nginx): the forwarding spec did not run");
const REPO = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const conf = readFileSync(NGINX_CONF, "utf8");

/** Answers each request with what it received: the service's view of the client. */
const echoServer = async (name: string) => {
  const server: Server = createServer((req, res) => {
    res.setHeader("content-type", "application/json");
    res.end(
      JSON.stringify({
        name,
        xff: req.headers["x-forwarded-for"] ?? null,
        realIp: req.headers["x-real-ip"] ?? null,
        peerPort: req.socket.remotePort,
      }),
    );
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  return { server, target: `127.0.0.1:${(server.address() as AddressInfo).port}` };
};

describe.runIf(nginx)("the gateway's forwarding headers (Debian nginx)", () => {
  let gateway: RunningNginx;
  const echoes: Server[] = [];
  const dir = mkdtempSync(join(tmpdir(), "gateway-forwarding-"));

  beforeAll(async () => {
    const [query, command] = await Promise.all([echoServer("query-api"), echoServer("command-api")]);
    echoes.push(query.server, command.server);
    writeFileSync(join(dir, "index.html"), "<!doctype html>");
    gateway = await startGateway(nginx!, {
      query: query.target,
      command: command.target,
      spaDir: dir,
      mediaParent: dir,
    });
  });
  afterAll(async () => {
    await gateway?.stop();
    for (const s of echoes) s.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("overwrites a client's X-Forwarded-For with the address it came from, on every route", async () => {
    const spoofed = { "x-forwarded-for": "6.6.6.6, 10.0.0.1", "x-real-ip": "6.6.6.6" };
    const seen = [];
    for (const [method, path] of [
      ["GET", "/api/products"],
      ["POST", "/api/auth/login"],
      ["GET", "/socket.io/?EIO=4&transport=polling"],
      ["GET", "/ops/api"],
      ["GET", "/readyz"],
    ] as const) {
      const res = await fetch(`${gateway.url}${path}`, { method, headers: spoofed });
      const body = (await res.json()) as { name: string; xff: string; realIp: string };
      seen.push(`${method} ${path} → ${body.name}: X-Forwarded-For ${body.xff}`);
      expect(body.xff, path).toBe("127.0.0.1");
      expect(body.realIp, path).toBe("127.0.0.1");
    }
    console.log(`[gateway] spoofed X-Forwarded-For 6.6.6.6 overwritten:\n  ${seen.join("\n  ")}`);
  });

  it("reuses its upstream connections (keep-alive), which the services keep open longer than nginx does", async () => {
    const ports = new Set<number>();
    for (let i = 0; i < 10; i++) {
      const body = (await (await fetch(`${gateway.url}/api/products`)).json()) as { peerPort: number };
      ports.add(body.peerPort);
    }
    // One pool per nginx worker process: far fewer connections than requests.
    expect(ports.size).toBeLessThanOrEqual(4);
    const upstreamIdle = [...conf.matchAll(/^\s*keepalive_timeout (\d+)s;/gm)].map((m) => Number(m[1]));
    // The http block's client keep-alive and each upstream's: the upstream ones must end first.
    const upstreamBlocks = [...conf.matchAll(/upstream \w+ \{[^}]*\}/g)].map((m) => m[0]);
    for (const block of upstreamBlocks.filter((b) => b.includes("keepalive "))) {
      const idle = Number(/keepalive_timeout (\d+)s;/.exec(block)?.[1]);
      expect(idle * 1000, block).toBeLessThan(SERVICE_KEEP_ALIVE_MS);
    }
    expect(upstreamIdle.length).toBeGreaterThan(0);
  });
});

describe("the gateway and compose lines behind a scaled-out, closed-off deployment", () => {
  it("every upstream is re-resolved through Docker's DNS (resolve, a shared zone, resolver 127.0.0.11)", () => {
    expect(conf).toMatch(/^\s*resolver 127\.0\.0\.11 valid=\d+s/m);
    const blocks = [...conf.matchAll(/upstream (\w+) \{([^}]*)\}/g)];
    expect(blocks.length).toBeGreaterThanOrEqual(3);
    for (const [, name, body] of blocks) {
      expect(body, name).toMatch(/\bzone \w+ \d+k;/);
      for (const server of body!.matchAll(/^\s*server ([^;]+);/gm))
        expect(server[1], `${name}: ${server[1]}`).toMatch(/ resolve$/);
    }
    expect(conf).not.toContain("$proxy_add_x_forwarded_for");
    // `resolve` in an upstream needs nginx 1.27.3 or later: the gateway image.
    expect(readFileSync(join(REPO, "Dockerfile"), "utf8")).toMatch(/FROM nginx:1\.(2[89]|[3-9]\d)/);
  });

  it("compose publishes only the gateway (Mailpit's UI on loopback), and the services trust only the gateway's address", () => {
    const compose = readFileSync(join(REPO, "docker-compose.yml"), "utf8");
    const published = [...compose.matchAll(/^\s+ports:\n((?:\s+- .+\n)+)/gm)].flatMap((m) =>
      m[1]!
        .trim()
        .split("\n")
        .map((l) => l.trim().slice(2).replaceAll('"', "")),
    );
    // biome-ignore lint/suspicious/noTemplateCurlyInString: compose's own variable syntax, as written in the file
    expect(published).toEqual(["127.0.0.1:8025:8025", "${GATEWAY_PORT:-8080}:80"]);
    const gatewayIp = /gateway:[\s\S]*?ipv4_address: ([\d.]+)/.exec(compose)?.[1];
    expect(gatewayIp).toBeDefined();
    expect(compose).toContain(`TRUST_PROXY: ${gatewayIp}`);
    const debug = readFileSync(join(REPO, "deploy", "compose.debug.yml"), "utf8");
    for (const line of debug.split("\n").filter((l) => /^\s+- "/.test(l)))
      expect(line, "debug ports bind loopback only").toMatch(/"127\.0\.0\.1:/);
  });
});
