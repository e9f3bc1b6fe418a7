import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);
const module = new URL("./pretenuring.ts", import.meta.url).href;

/**
 * One allocation site whose objects all survive: V8 learns to pretenure it, so the next object from
 * it is born in the old generation. After `stopPretenuring` it is born young, like every other.
 */
const freshObjectIsYoung = async (stop: boolean) => {
  const script = `
    import { stopPretenuring } from ${JSON.stringify(module)};
    if (${stop}) stopPretenuring();
    function make(i) { return { a: i, b: [i, i + 1], c: { d: i } }; }
    const kept = [];
    for (let i = 0; i < 400000; i++) kept.push(make(i));
    const fresh = make(-1);
    console.log(JSON.stringify(%InYoungGeneration(fresh) && %InYoungGeneration(fresh.c)));
  `;
  const { stdout } = await run(process.execPath, [
    "--allow-natives-syntax",
    "--input-type=module",
    "-e",
    script,
  ]);
  return JSON.parse(stdout) as boolean;
};

describe("stopPretenuring", () => {
  it("makes an object from a site whose objects all survived start young", async () => {
    expect(await freshObjectIsYoung(true)).toBe(true);
  });

  it("is needed: without it, V8 allocates that object in the old generation", async () => {
    expect(await freshObjectIsYoung(false)).toBe(false);
  });
});
