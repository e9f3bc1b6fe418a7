import { spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { Logger } from "pino";

const newest = (path: string): number => {
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  let max = s.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === "node_modules" || entry === "dist") continue;
    max = Math.max(max, newest(join(path, entry)));
  }
  return max;
};

/** The server's renderer of the home page's first screen, built beside dist (frontend/vite.config.ts). */
export const firstScreenRenderer = (frontendDir: string): string =>
  join(frontendDir, "dist-server", "render-first-screen.js");
const FIRST_SCREEN_ENTRY = "src/server/render-first-screen.tsx";

/** True when frontend/dist (or the first screen's renderer) is missing or older than any source it is built from. */
export const spaIsStale = (frontendDir: string): boolean => {
  const built = join(frontendDir, "dist", "index.html");
  if (!existsSync(built) || !existsSync(firstScreenRenderer(frontendDir))) return true;
  // public/: copied into dist as it is (first-requests.js runs on every page load).
  const sources = ["src", "public", "index.html", "vite.config.ts", "package.json", "../contracts/src"]
    .map((p) => join(frontendDir, p))
    .filter(existsSync);
  return Math.max(...sources.map(newest)) > statSync(built).mtimeMs;
};

/** Builds the SPA and then its first screen's renderer (`npm run build`) with Vite on this same Node, when missing or stale. */
export const ensureSpaBuilt = async (frontendDir: string, logger: Logger): Promise<void> => {
  if (!spaIsStale(frontendDir)) return;
  logger.info("building the storefront (vite build)");
  // vite's exports map hides its bin; its package.json is exported and names it.
  const vitePackage = createRequire(join(frontendDir, "package.json")).resolve("vite/package.json");
  const vite = join(dirname(vitePackage), "bin", "vite.js");
  for (const args of [[], ["--ssr", FIRST_SCREEN_ENTRY]]) await runVite(frontendDir, vite, args);
};

const runVite = (frontendDir: string, vite: string, args: string[]): Promise<void> =>
  new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [vite, "build", ...args, "--logLevel", "warn"], {
      cwd: frontendDir,
      stdio: "inherit",
      // Always the production build: a caller under vitest has NODE_ENV=test, which would make
      // Vite bundle React's development build (half again as large, and slower) into dist.
      env: { ...process.env, NODE_ENV: "production" },
    });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`vite build ${args.join(" ")} exited with ${code}`)),
    );
  });
