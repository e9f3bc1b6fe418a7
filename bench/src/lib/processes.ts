import { type ChildProcess, spawn } from "node:child_process";
import { closeSync, mkdirSync, openSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { BENCH_SHOP_ENV } from "./shopApi.ts";
import { sleep, waitUntil } from "./time.ts";

let cpuProfileDir: string | undefined;
/** Children started from now on run with `--cpu-prof` into `dir`. */
export const profileChildrenInto = (dir: string | undefined): void => {
  cpuProfileDir = dir;
};

/**
 * Node flags for every server child: `--cpu-prof` when asked, plus `BENCH_CHILD_FLAGS` (e.g.
 * `--trace-gc`, which NODE_OPTIONS refuses) for a look at one scenario's collector or heap.
 */
const childFlags = (): string[] => [
  ...(cpuProfileDir ? ["--cpu-prof", "--cpu-prof-dir", cpuProfileDir] : []),
  ...(process.env.BENCH_CHILD_FLAGS?.split(" ").filter(Boolean) ?? []),
];

export const CHILDREN_DIR = join(dirname(fileURLToPath(import.meta.url)), "..", "children");

/** A free loopback port, picked by the kernel. */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      const port = typeof address === "object" && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });

/** Peak and current resident set of a live process, in KiB, from /proc/<pid>/status. */
export const memoryOf = (pid: number): { peakKiB: number; rssKiB: number } => {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const field = (name: string) =>
      Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN);
    return { peakKiB: field("VmHWM"), rssKiB: field("VmRSS") };
  } catch {
    return { peakKiB: Number.NaN, rssKiB: Number.NaN };
  }
};

/** CPU time (user + system) a live process has used so far, in ms, from /proc/<pid>/stat. */
export const cpuMsOf = (pid: number): number => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the parenthesised command name; utime and stime are the 14th and 15th fields.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return Number.NaN;
  }
};
const CLOCK_TICKS = 100;

export interface ServerProcess {
  url: string;
  port: number;
  pid: number;
  /** From spawn to the first 200 on the ready path. */
  bootMs: number;
  memory(): { peakKiB: number; rssKiB: number };
  /** CPU time used so far, ms. */
  cpuMs(): number;
  stop(): Promise<void>;
}

const tail = (file: string) => {
  try {
    return readFileSync(file, "utf8").split("\n").slice(-30).join("\n");
  } catch {
    return "";
  }
};

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });

/**
 * Runs `children/<script>` on this same Node in its own process with the given environment and
 * PORT, output to `logFile`, and waits (bounded) until GET `readyPath` answers 200.
 */
export const startServerProcess = async (opts: {
  script: string;
  /** Another checkout's `bench/src/children` (an A/B of two commits); this one's by default. */
  childrenDir?: string;
  env: Record<string, string>;
  logFile: string;
  readyPath?: string;
  timeoutMs?: number;
  /** Node flags for this child only (an A/B of a flag), after the harness's own. */
  nodeFlags?: string[];
}): Promise<ServerProcess> => {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const log = openSync(opts.logFile, "a");
  const started = performance.now();
  // `--cpu-prof=DIR` on the harness: every server child writes a V8 CPU profile there on exit.
  const profile = [...childFlags(), ...(opts.nodeFlags ?? [])];
  const child = spawn(process.execPath, [...profile, join(opts.childrenDir ?? CHILDREN_DIR, opts.script)], {
    env: { ...process.env, ...opts.env, PORT: String(port) },
    stdio: ["ignore", log, log],
  });
  closeSync(log);
  let failed: string | undefined;
  child.once("exit", (code, signal) => {
    failed = `exited early (${code ?? signal})`;
  });
  try {
    await waitUntil(
      `${opts.script} ready`,
      async () => {
        if (failed) throw new Error(failed);
        const res = await fetch(`${url}${opts.readyPath ?? "/readyz"}`, {
          signal: AbortSignal.timeout(2000),
        });
        await res.arrayBuffer();
        return res.status === 200;
      },
      opts.timeoutMs ?? 120_000,
      10,
    );
  } catch (err) {
    child.kill("SIGKILL");
    throw new Error(`${opts.script} did not become ready: ${failed ?? String(err)}\n${tail(opts.logFile)}`);
  }
  const bootMs = performance.now() - started;
  const pid = child.pid ?? -1;
  return {
    url,
    port,
    pid,
    bootMs,
    memory: () => memoryOf(pid),
    cpuMs: () => cpuMsOf(pid),
    async stop() {
      child.removeAllListeners("exit");
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      await Promise.race([exited(child), sleep(10_000)]);
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGKILL");
        await exited(child);
      }
    },
  };
};

/** Runs `children/<script>` to completion (bounded) and answers the JSON of its last stdout line. */
export const runJsonChild = async <T>(
  script: string,
  args: string[],
  opts: { timeoutMs: number; logFile: string },
): Promise<{ result: T; peakKiB: number }> => {
  const log = openSync(opts.logFile, "a");
  const profile = childFlags();
  const child = spawn(process.execPath, [...profile, join(CHILDREN_DIR, script), ...args], {
    stdio: ["ignore", "pipe", log],
  });
  closeSync(log);
  let out = "";
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
    out += chunk;
  });
  let peakKiB = 0;
  const sampler = setInterval(() => {
    const m = memoryOf(child.pid ?? -1).peakKiB;
    if (Number.isFinite(m)) peakKiB = Math.max(peakKiB, m);
  }, 100);
  const timer = setTimeout(() => child.kill("SIGKILL"), opts.timeoutMs);
  const code = await new Promise<number | null>((resolve) => child.once("exit", (c) => resolve(c)));
  clearInterval(sampler);
  clearTimeout(timer);
  if (code !== 0)
    throw new Error(`${script} exited with ${code}\n${tail(opts.logFile)}\n${out.slice(-2000)}`);
  const last = out.trim().split("\n").at(-1) ?? "";
  const result = JSON.parse(last) as T & { maxRssKiB?: number };
  return { result, peakKiB: Math.max(peakKiB, result.maxRssKiB ?? 0) };
};

/**
 * The seeded standalone and the baseline server, each in its own process with its data and log
 * under `dir`, for the scenarios that measure the shop beside the baseline.
 */
export const startShopAndBaseline = async (
  dir: string,
): Promise<{ shop: ServerProcess; baseline: ServerProcess }> => {
  mkdirSync(dir, { recursive: true });
  const shop = await startServerProcess({
    script: "shop.js",
    env: { ...BENCH_SHOP_ENV, DATA_DIR: join(dir, "shop") },
    logFile: join(dir, "shop.log"),
  });
  try {
    const baseline = await startServerProcess({
      script: "baseline.ts",
      env: { DATA_DIR: join(dir, "baseline") },
      logFile: join(dir, "baseline.log"),
    });
    return { shop, baseline };
  } catch (err) {
    await shop.stop();
    throw err;
  }
};
