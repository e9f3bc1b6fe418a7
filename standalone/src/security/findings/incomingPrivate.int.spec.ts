import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestShop, type TestShop } from "../../testing/testShop.ts";
import { rawRequest } from "./rawRequest.ts";
import { reportFinding } from "./report.ts";

const SECRET = "not-yet-checked-upload-bytes";

/** Every spelling of /media/incoming/<name> an attacker tried, and then some. */
const spellings = (name: string): string[] => [
  `/media/incoming/${name}`,
  `/media/incoming%2f${name}`,
  `/media/incoming%2F${name}`,
  `/media//incoming/${name}`,
  `//media/incoming/${name}`,
  `/media/./incoming/${name}`,
  `/media/%2e/incoming/${name}`,
  `/media/books/../incoming/${name}`,
  `/media/books/..%2fincoming/${name}`,
  `/media/books/%2e%2e/incoming/${name}`,
  `/media/books/%2e%2e%2fincoming%2f${name}`,
  `/media/%69ncoming/${name}`,
  `/media/%69%6e%63%6f%6d%69%6e%67/${name}`,
  `/media/inc%6fming/${name}`,
  `/media/incoming/./${name}`,
  `/media/incoming//${name}`,
  `/media/incoming%5c${name}`,
  `/media/books%5c..%5cincoming%5c${name}`,
  `/media/incoming%00/${name}`,
  `/media/INCOMING/${name}`,
  `/media/incoming;/${name}`,
  `/media/incoming/${name}?x=1`,
  `/media/incoming/${name.slice(0, -4)}%2epng`,
];

describe("finding 12: /media/incoming/ stays private", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop();
  });
  afterAll(() => shop.destroy());

  it("never serves an unchecked upload, however the path is spelt", async () => {
    const incoming = join(shop.dataDir, "media", "incoming");
    mkdirSync(incoming, { recursive: true });
    writeFileSync(join(incoming, "waiting.png"), SECRET);
    const served: string[] = [];
    const statuses = new Set<number>();
    for (const path of spellings("waiting.png")) {
      const answer = await rawRequest(shop.port, "GET", path);
      statuses.add(answer.status);
      // A 200 may only be the storefront's index.html (an unknown page), never the file.
      const isFile = answer.status < 300 && !answer.type.startsWith("text/html");
      if (answer.body.includes(SECRET) || isFile) served.push(`${path} → ${answer.status}`);
    }
    expect(served).toEqual([]);
    // The rest of /media still works.
    expect((await rawRequest(shop.port, "GET", "/media/stationeries/demo-natraj-pencils.png")).status).toBe(
      200,
    );
    reportFinding(
      "12 incoming private",
      `${spellings("x").length} spellings of /media/incoming/<file> (%2f, //, ./, .., %-encoded letters, backslashes, NUL)`,
      `never served: statuses ${[...statuses].sort().join(", ")}`,
    );
  });
});
