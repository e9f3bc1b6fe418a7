import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The one source of truth: the compose gateway's config. The tests run a rewritten copy of it. */
export const NGINX_CONF = join(
  dirname(fileURLToPath(import.meta.url)),
  "..",
  "..",
  "..",
  "deploy",
  "nginx.conf",
);

/** Debian's nginx binary, or null when it is not installed. */
export const findNginx = (): string | null => {
  for (const candidate of ["/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/bin/nginx"]) {
    if (existsSync(candidate)) return candidate;
  }
  try {
    return execFileSync("sh", ["-c", "command -v nginx"], { encoding: "utf8" }).trim() || null;
  } catch {
    return null;
  }
};

export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });

export interface GatewayTargets {
  /** host:port of query-api (and of the socket upstream). */
  query: string;
  /** host:port of command-api. */
  command: string;
  spaDir: string;
  /** The folder holding `media/` (nginx serves `/media/x` from `<root>/media/x`). */
  mediaParent: string;
  /** In place of the file's `limit_conn` per client address (a test's small cap). */
  connectionsPerAddress?: number;
}

const replaceOnce = (text: string, from: string, to: string, all = false): string => {
  if (!text.includes(from))
    throw new Error(`deploy/nginx.conf no longer contains \`${from}\`: update the test rewrite`);
  return all ? text.split(from).join(to) : text.replace(from, to);
};

/** deploy/nginx.conf with the compose hosts, paths and port pointed at this machine. */
export const rewriteGatewayConfig = (
  source: string,
  prefix: string,
  port: number,
  t: GatewayTargets,
): string => {
  let conf = source;
  // As root (CI), workers must be able to read the test's private temp folders.
  conf = replaceOnce(conf, "user nginx;", process.getuid?.() === 0 ? "user root;" : "");
  conf = replaceOnce(conf, "pid /var/run/nginx.pid;", `pid ${prefix}/nginx.pid;`);
  conf = replaceOnce(
    conf,
    "error_log /var/log/nginx/error.log notice;",
    `error_log ${prefix}/error.log notice;`,
  );
  conf = replaceOnce(
    conf,
    "access_log /var/log/nginx/access.log json;",
    `access_log ${prefix}/access.log json;`,
  );
  // The targets are address literals here: nothing to re-resolve (and Debian's nginx before
  // 1.27.3 has no `resolve`); nginxForwarding.int.spec.ts checks the compose lines themselves.
  conf = replaceOnce(conf, "server query-api:3000 resolve;", `server ${t.query};`, true);
  conf = replaceOnce(conf, "server command-api:3000 resolve;", `server ${t.command};`, true);
  conf = replaceOnce(conf, "listen 80;", `listen 127.0.0.1:${port};`);
  conf = replaceOnce(conf, "root /srv/spa;", `root ${t.spaDir};`);
  conf = replaceOnce(conf, "root /srv;", `root ${t.mediaParent};`);
  if (t.connectionsPerAddress !== undefined)
    conf = replaceOnce(
      conf,
      "limit_conn per_address 256;",
      `limit_conn per_address ${t.connectionsPerAddress};`,
    );
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
    .map((kind) => `  ${kind}_temp_path ${prefix}/temp/${kind};`)
    .join("\n");
  return replaceOnce(conf, "http {", `http {\n${temp}`);
};

export interface RunningNginx {
  url: string;
  prefix: string;
  /** nginx's error log, for failure messages. */
  errors(): string;
  stop(): Promise<void>;
}

/** `nginx -t` on the rewritten config; throws with nginx's own message when it is refused. */
export const checkConfig = (nginx: string, prefix: string, conf: string): string =>
  execFileSync(nginx, ["-t", "-p", prefix, "-c", conf, "-e", join(prefix, "error.log")], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });

/**
 * Runs deploy/nginx.conf (rewritten) as a non-daemon child with its own prefix, pid, logs and a
 * free port, after `nginx -t` accepted it. Resolves once it answers /healthz.
 */
export const startGateway = async (nginx: string, targets: GatewayTargets): Promise<RunningNginx> => {
  const prefix = mkdtempSync(join(tmpdir(), "nginx-gateway-"));
  for (const dir of ["temp", "logs"]) mkdirSync(join(prefix, dir), { recursive: true });
  const port = await freePort();
  const conf = join(prefix, "nginx.conf");
  writeFileSync(conf, rewriteGatewayConfig(readFileSync(NGINX_CONF, "utf8"), prefix, port, targets));
  checkConfig(nginx, prefix, conf);
  const child: ChildProcess = spawn(
    nginx,
    ["-p", prefix, "-c", conf, "-e", join(prefix, "error.log"), "-g", "daemon off;"],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const errors = () => {
    const log = join(prefix, "error.log");
    return `${stderr}${existsSync(log) ? readFileSync(log, "utf8") : ""}`;
  };
  const url = `http://127.0.0.1:${port}`;
  const running = () => child.exitCode === null && child.signalCode === null;
  const stop = async () => {
    // SIGQUIT: graceful stop of the master and its workers (the child is ours, by pid).
    if (running()) child.kill("SIGQUIT");
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    if (running()) child.kill("SIGKILL");
    rmSync(prefix, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (!running()) throw new Error(`nginx exited (${child.exitCode ?? child.signalCode}):\n${errors()}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {}
    if (Date.now() > deadline) {
      const log = errors();
      await stop();
      throw new Error(`nginx did not answer on ${url}:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { url, prefix, errors, stop };
};
