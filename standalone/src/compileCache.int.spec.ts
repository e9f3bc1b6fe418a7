import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const HELPER = new URL("./compileCache.js", import.meta.url).href;

describe("the compile cache an entry enables", () => {
  it("serves the worker threads the process starts: a TypeScript thread started again does not load the type stripper", () => {
    const dir = mkdtempSync(join(tmpdir(), "compile-cache-"));
    dirs.push(dir);
    // A thread written in TypeScript, as the event store's writer and the mail thread are; it
    // reports whether its own start needed Node's type stripper (amaro).
    writeFileSync(
      join(dir, "thread.ts"),
      `import { parentPort } from "node:worker_threads";
const stripped: boolean = process.moduleLoadList.some((m) => m.includes("amaro"));
parentPort?.postMessage(stripped);
`,
    );
    // An entry as standalone/src/main.js is: the cache first, then the work (here: one thread).
    writeFileSync(
      join(dir, "entry.mjs"),
      `import { Worker } from "node:worker_threads";
const { enableSharedCompileCache } = await import(${JSON.stringify(HELPER)});
enableSharedCompileCache();
const thread = new Worker(new URL("./thread.ts", import.meta.url));
thread.once("message", (stripped) => {
  process.stdout.write("thread loaded the stripper: " + stripped + "\\n");
  void thread.terminate();
});
`,
    );
    const start = () =>
      spawnSync(process.execPath, [join(dir, "entry.mjs")], {
        // The cache lives in the system's temp folder: this test's own.
        env: { PATH: process.env.PATH ?? "", TMPDIR: dir },
        encoding: "utf8",
        timeout: 30_000,
      });
    const cold = start();
    expect(cold.stdout).toContain("thread loaded the stripper: true");
    const warm = start();
    expect(warm.status).toBe(0);
    expect(warm.stdout).toContain("thread loaded the stripper: false");
  });
});
