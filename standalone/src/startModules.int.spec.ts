import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const PACKAGE = join(dirname(fileURLToPath(import.meta.url)), "..");
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/**
 * Packages only a later request or another thread needs: signing a token at sign-in (jose), an
 * upload (multer), a CSV export (csv-stringify), mail (nodemailer: the mail thread), a terminal's
 * log lines (pino-pretty). Each cost a boot 30–90 ms of its main thread (bench/RESULTS.md,
 * thirteenth session).
 */
const LATER = ["jose", "multer", "csv-stringify", "nodemailer", "pino-pretty"];

describe("npm start's main thread at start", () => {
  it("imports every module the shop is made of, but none of the packages only a later request needs", () => {
    const { scripts } = JSON.parse(readFileSync(join(PACKAGE, "package.json"), "utf8")) as {
      scripts: { start: string };
    };
    const entry = /^node (\S+)$/.exec(scripts.start)?.[1];
    if (!entry) throw new Error(`unexpected start script: ${scripts.start}`);
    const data = mkdtempSync(join(tmpdir(), "start-modules-"));
    dirs.push(data);
    // Records every module this thread resolves; the port fails the configuration check, which
    // the shop makes once every module it imports at start is imported.
    const probe = `data:text/javascript,import { registerHooks } from "node:module";
const seen = new Set();
registerHooks({ resolve(specifier, context, next) { const r = next(specifier, context); seen.add(r.url); return r; } });
process.on("exit", () => process.stderr.write("resolved: " + JSON.stringify([...seen]) + "\\n"));`;
    const run = spawnSync(process.execPath, ["--import", probe, join(PACKAGE, entry)], {
      env: { PATH: process.env.PATH ?? "", TMPDIR: data, DATA_DIR: data, PORT: "not-a-port" },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.stderr).toContain("PORT: must be a whole number");
    const line = /resolved: (.*)\n/.exec(run.stderr)?.[1];
    const resolved = JSON.parse(line ?? "[]") as string[];
    // The start did import the shop (its routes, its stores) and its other packages.
    expect(resolved.some((url) => url.endsWith("/command-api/src/uploads/routes.ts"))).toBe(true);
    expect(resolved.some((url) => url.includes("/node_modules/express/"))).toBe(true);
    const later = LATER.filter((name) => resolved.some((url) => url.includes(`/node_modules/${name}/`)));
    expect(later).toEqual([]);
  });
});
