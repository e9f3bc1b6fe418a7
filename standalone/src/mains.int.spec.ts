import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

/**
 * Each service's main.ts as its own process (here on embedded stores: no server needed): JSON
 * logs, /healthz, /readyz, /metrics, and a clean exit within 10 s of SIGTERM.
 */
const REPO = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const run = (main: string, env: Record<string, string>) => {
  const dataDir = mkdtempSync(join(tmpdir(), "main-"));
  dirs.push(dataDir);
  const child = spawn(process.execPath, [join(REPO, main)], {
    cwd: REPO,
    env: { PATH: process.env.PATH ?? "", PORT: "0", DATA_DIR: dataDir, LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  let stderr = "";
  child.stdout?.on("data", (chunk: Buffer) => lines.push(...chunk.toString().split("\n").filter(Boolean)));
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, lines, stderr: () => stderr, exited };
};

const portOf = async (lines: string[], child: ChildProcess, stderr: () => string): Promise<number> => {
  const deadline = Date.now() + 20_000;
  for (;;) {
    for (const line of lines) {
      const entry = JSON.parse(line) as { msg?: string; port?: number };
      if (entry.msg?.endsWith("listening") && entry.port) return entry.port;
    }
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`did not start:\n${stderr()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe.each([
  "command-api/src/main.ts",
  "query-api/src/main.ts",
  "projector/src/main.ts",
  "workers/src/main.ts",
])("%s", (main) => {
  it("serves health, readiness and metrics, logs JSON, and stops cleanly on SIGTERM", async () => {
    const proc = run(main, {});
    const port = await portOf(proc.lines, proc.child, proc.stderr);
    const base = `http://127.0.0.1:${port}`;
    expect(await (await fetch(`${base}/healthz`)).json()).toEqual({ status: "ok" });
    await expect.poll(async () => (await fetch(`${base}/readyz`)).status, { timeout: 10_000 }).toBe(200);
    const metrics = await (await fetch(`${base}/metrics`)).text();
    expect(metrics).toContain("process_cpu_seconds_total");
    expect(metrics).toContain("http_request_duration_seconds");
    const started = Date.now();
    proc.child.kill("SIGTERM");
    expect(await proc.exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
    for (const line of proc.lines) expect(() => JSON.parse(line)).not.toThrow();
    expect(proc.lines.some((l) => l.includes('"msg":"stopped"'))).toBe(true);
  });
});

describe("the production profile", () => {
  it("refuses to start without SESSION_SECRET", async () => {
    const proc = run("command-api/src/main.ts", { EVENTSTORE_URL: "esdb://127.0.0.1:1?tls=false" });
    expect(await proc.exited).not.toBe(0);
    expect(proc.stderr()).toContain("SESSION_SECRET is required");
  });
});
