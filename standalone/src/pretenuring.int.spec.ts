import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);
const testShop = new URL("./testing/testShop.ts", import.meta.url).href;

/**
 * Once booted, the shop serves with V8's allocation-site pretenuring off (platform's
 * `stopPretenuring`): a site whose objects all survived still gives young objects. With it on,
 * the mail thread sometimes pretenured nodemailer's short-lived stream objects and spent 15–62 ms
 * per scavenge (bench/RESULTS.md, tenth session).
 */
describe("the booted shop", () => {
  it("allocates young even from a site whose objects all survived", async () => {
    const script = `
      import { startTestShop } from ${JSON.stringify(testShop)};
      const shop = await startTestShop();
      function make(i) { return { a: i, b: [i, i + 1], c: { d: i } }; }
      const kept = [];
      for (let i = 0; i < 400000; i++) kept.push(make(i));
      const fresh = make(-1);
      const young = %InYoungGeneration(fresh) && %InYoungGeneration(fresh.c);
      await shop.destroy();
      console.log(JSON.stringify({ young }));
    `;
    const { stdout } = await run(
      process.execPath,
      ["--allow-natives-syntax", "--input-type=module", "-e", script],
      {
        timeout: 60_000,
      },
    );
    expect(JSON.parse(stdout.trim().split("\n").at(-1) ?? "null")).toEqual({ young: true });
  }, 90_000);
});
