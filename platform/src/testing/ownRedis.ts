import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { connect, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A port nobody listens on right now. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/**
 * Whether something accepts connections on the port. Asked by connecting: a probe that bound the
 * port itself held it for a moment, and a redis-server binding it just then exited with 1 (a
 * failed CI run on a loaded host).
 */
export const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });

export interface OwnRedis {
  port: number;
  url: string;
  /** Kills this suite's redis-server (by its PID: nobody else's Redis is touched). */
  stop(): Promise<void>;
  /** Starts it again on the same port (with its data when persistent). */
  start(): Promise<void>;
  /** Freezes it (SIGSTOP): its connections stay open and nothing is answered, like a partition. */
  pause(): void;
  /** Lets a frozen server run again (SIGCONT). */
  resume(): void;
  destroy(): Promise<void>;
}

/**
 * A `redis-server` of the suite's own on a spare port, for fault tests that take Redis away: the
 * shared Redis on 6379 is never stopped. Without `persistent` a restart comes back empty.
 */
export async function startOwnRedis(options: { persistent?: boolean } = {}): Promise<OwnRedis> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "own-redis-"));
  let child: ChildProcess | null = null;
  const start = async () => {
    const proc = spawn(
      "redis-server",
      [
        ...["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--dir", dir],
        // Persistent: every write fsynced to the append-only file, so a killed server comes back
        // with what it acknowledged (queued jobs), like compose's Redis.
        ...(options.persistent ? ["--appendonly", "yes", "--appendfsync", "always"] : ["--appendonly", "no"]),
      ],
      { stdio: "ignore" },
    );
    child = proc;
    for (let i = 0; i < 200; i++) {
      if (proc.exitCode !== null) throw new Error(`redis-server exited with ${proc.exitCode}`);
      if (await listening(port)) return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error("redis-server did not start");
  };
  const stop = async () => {
    const proc = child;
    child = null;
    if (!proc || proc.exitCode !== null) return;
    const exited = new Promise((r) => proc.once("exit", r));
    proc.kill("SIGKILL");
    await exited;
  };
  await start();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    stop,
    start,
    pause: () => void child?.kill("SIGSTOP"),
    resume: () => void child?.kill("SIGCONT"),
    async destroy() {
      child?.kill("SIGCONT");
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
