import { type ChildProcess, spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "@shop/platform/testing/ownRedis";

const SHOP_PROCESS = join(dirname(fileURLToPath(import.meta.url)), "shopProcess.ts");

/** The standalone shop in a process of its own (shopProcess.ts), for fault tests that watch it. */
export interface ShopChild {
  base: string;
  process: ChildProcess;
  /** Its exit code or signal, null while it runs. */
  exitedWith(): string | null;
  /** The last 20,000 characters it wrote to stderr. */
  stderr(): string;
  /** SIGTERM, then SIGKILL after 8 s. */
  stop(): Promise<void>;
  /** SIGTERM and nothing else: its exit code (null for a signal) and the seconds it took to exit. */
  terminate(): Promise<{ code: number | null; seconds: number }>;
}

/** Starts it with `env` (DATA_DIR, REDIS_URL, …; PORT is chosen) and waits until /readyz answers 200. */
export async function startShopChild(env: Record<string, string>): Promise<ShopChild> {
  const port = await freePort();
  const child = spawn(process.execPath, [SHOP_PROCESS], {
    cwd: join(dirname(SHOP_PROCESS), "..", "..", ".."),
    env: { PATH: process.env.PATH ?? "", PORT: String(port), LOG_LEVEL: "error", ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  let exitedWith: string | null = null;
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-20_000);
  });
  child.once("exit", (code, signal) => {
    exitedWith = `${code ?? signal}`;
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while ((await fetch(`${base}/readyz`).catch(() => null))?.status !== 200) {
    if (exitedWith) throw new Error(`the shop exited (${exitedWith}):\n${stderr}`);
    if (Date.now() > deadline) throw new Error(`the shop not ready in 60 s:\n${stderr}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    process: child,
    exitedWith: () => exitedWith,
    stderr: () => stderr,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const gone = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await Promise.race([gone, new Promise((r) => setTimeout(r, 8000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    },
    async terminate() {
      const started = performance.now();
      const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
      child.kill("SIGTERM");
      const code = await exited;
      return { code, seconds: (performance.now() - started) / 1000 };
    },
  };
}
