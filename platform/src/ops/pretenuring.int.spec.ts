import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { COUNT_PRETENURED_SITES } from "../testing/pretenuredSites.ts";

const run = promisify(execFile);
const module = new URL("./pretenuring.ts", import.meta.url).href;

/** How many of eight sites whose objects all survived V8 pretenured, in a fresh process. */
const pretenuredSites = async (stop: boolean) => {
  const script = `
    import { stopPretenuring } from ${JSON.stringify(module)};
    if (${stop}) stopPretenuring();
    ${COUNT_PRETENURED_SITES}
  `;
  const { stdout } = await run(process.execPath, [
    "--allow-natives-syntax",
    "--input-type=module",
    "-e",
    script,
  ]);
  return JSON.parse(stdout) as unknown;
};

describe("stopPretenuring", () => {
  it("makes objects from sites whose objects all survived start young", async () => {
    expect(await pretenuredSites(true)).toEqual({ pretenured: 0 });
  });

  it("is needed: without it, V8 allocates objects from some of those sites in the old generation", async () => {
    expect(await pretenuredSites(false)).not.toEqual({ pretenured: 0 });
  });
});
