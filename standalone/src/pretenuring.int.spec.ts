import { runWithNatives } from "@shop/platform/testing/natives";
import { COUNT_PRETENURED_SITES } from "@shop/platform/testing/pretenuredSites";
import { describe, expect, it } from "vitest";

const testShop = new URL("./testing/testShop.ts", import.meta.url).href;

/**
 * Once booted, the shop serves with V8's allocation-site pretenuring off (platform's
 * `stopPretenuring`): sites whose objects all survived still give young objects. With it on,
 * the mail thread sometimes pretenured nodemailer's short-lived stream objects and spent 15–62 ms
 * per scavenge (bench/RESULTS.md, tenth session).
 */
describe("the booted shop", () => {
  it("allocates young even from sites whose objects all survived", async () => {
    const script = `
      import { startTestShop } from ${JSON.stringify(testShop)};
      const shop = await startTestShop();
      ${COUNT_PRETENURED_SITES}
      await shop.destroy();
    `;
    const stdout = await runWithNatives(script);
    const counted = stdout.split("\n").find((line) => line.startsWith('{"pretenured"'));
    expect(JSON.parse(counted ?? "null")).toEqual({ pretenured: 0 });
  }, 90_000);
});
