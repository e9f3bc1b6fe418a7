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

/** What `npm start` runs in this package: `node <entry>`. */
const startEntry = (): string => {
  const { scripts } = JSON.parse(readFileSync(join(PACKAGE, "package.json"), "utf8")) as {
    scripts: { start: string };
  };
  const entry = /^node (\S+)$/.exec(scripts.start)?.[1];
  if (!entry) throw new Error(`unexpected start script: ${scripts.start}`);
  return join(PACKAGE, entry);
};

/**
 * Starts the entry with a port that fails the configuration check, which the shop makes only once
 * every module is imported, and reports whether Node loaded its TypeScript stripper (amaro).
 */
const start = (temp: string) => {
  const data = mkdtempSync(join(tmpdir(), "entry-data-"));
  dirs.push(data);
  const probe = `data:text/javascript,process.on("exit",()=>process.stderr.write("stripper loaded: "+process.moduleLoadList.some((m)=>m.includes("amaro"))+"\\n"))`;
  const run = spawnSync(process.execPath, ["--import", probe, startEntry()], {
    env: { PATH: process.env.PATH ?? "", TMPDIR: temp, DATA_DIR: data, PORT: "not-a-port" },
    encoding: "utf8",
    timeout: 60_000,
  });
  return { status: run.status, stderr: run.stderr };
};

describe("npm start's entry", () => {
  it("is not TypeScript: with its modules in the compile cache, a start never loads the type stripper (~0.1 s of every boot)", () => {
    // The compile cache lives in the system's temp folder: a fresh one per test.
    const temp = mkdtempSync(join(tmpdir(), "entry-cache-"));
    dirs.push(temp);
    const cold = start(temp);
    // Every module imported (the configuration is read after them) and, with nothing cached yet,
    // the stripper was needed: the probe sees it.
    expect(cold.stderr).toContain("PORT: must be a whole number");
    expect(cold.stderr).toContain("stripper loaded: true");
    const warm = start(temp);
    expect(warm.status).not.toBe(0);
    expect(warm.stderr).toContain("PORT: must be a whole number");
    expect(warm.stderr).toContain("stripper loaded: false");
  });
});
