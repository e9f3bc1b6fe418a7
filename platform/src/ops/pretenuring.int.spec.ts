import { describe, expect, it } from "vitest";
import { runWithNatives } from "../testing/nativesScript.ts";
import { COUNT_PRETENURED_SITES } from "../testing/pretenuredSites.ts";

const module = new URL("./pretenuring.ts", import.meta.url).href;

/** How many of eight sites whose objects all survived V8 pretenured, in a fresh process. */
const pretenuredSites = async (stop: boolean) => {
  const script = `
    import { stopPretenuring } from ${JSON.stringify(module)};
    if (${stop}) stopPretenuring();
    ${COUNT_PRETENURED_SITES}
  `;
  return JSON.parse(await runWithNatives(script)) as unknown;
};

describe("stopPretenuring", () => {
  it("makes objects from sites whose objects all survived start young", async () => {
    expect(await pretenuredSites(true)).toEqual({ pretenured: 0 });
  });

  it("is needed: without it, V8 allocates objects from some of those sites in the old generation", async () => {
    expect(await pretenuredSites(false)).not.toEqual({ pretenured: 0 });
  });
});
