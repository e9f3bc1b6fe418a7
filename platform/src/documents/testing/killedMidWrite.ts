import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { expect } from "vitest";

/** The URL a child's script imports a module of this folder (platform/src/documents) by. */
export const documentsModule = (name: string): string =>
  JSON.stringify(pathToFileURL(join(import.meta.dirname, "..", name)).href);

/**
 * Runs `script` (an ES module that ends by printing "not killed") in a child Node process and
 * expects it to have been killed (SIGKILL) before that: the script kills itself mid-write.
 */
export const expectKilledMidWrite = (script: string): void => {
  const child = spawnSync(process.execPath, ["--input-type=module", "--no-warnings", "-e", script], {
    encoding: "utf8",
  });
  expect(child.signal, child.stderr).toBe("SIGKILL");
  expect(child.stdout).not.toContain("not killed");
};
