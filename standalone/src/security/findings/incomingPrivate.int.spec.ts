import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findNginx, type RunningNginx, startGateway } from "../../testing/nginx.ts";
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

const nginx = findNginx();
if (!nginx) console.log("skipped: nginx is not installed: finding 12 checked on the standalone gateway only");

describe("finding 12: /media/incoming/ stays private", () => {
  let shop: TestShop;
  let gateway: RunningNginx | undefined;
  const spaDir = mkdtempSync(join(tmpdir(), "incoming-spa-"));
  beforeAll(async () => {
    shop = await startTestShop();
    writeFileSync(join(spaDir, "index.html"), "<!doctype html><title>spa</title>");
    if (nginx) {
      const target = `127.0.0.1:${shop.port}`;
      gateway = await startGateway(nginx, {
        query: target,
        command: target,
        spaDir,
        mediaParent: shop.dataDir,
      });
    }
  });
  afterAll(async () => {
    await gateway?.stop();
    await shop.destroy();
    rmSync(spaDir, { recursive: true, force: true });
  });

  it("never serves an unchecked upload, however the path is spelt (standalone, and nginx when installed)", async () => {
    const incoming = join(shop.dataDir, "media", "incoming");
    mkdirSync(incoming, { recursive: true });
    writeFileSync(join(incoming, "waiting.png"), SECRET);
    const profiles = [
      { name: "standalone", port: shop.port },
      ...(gateway ? [{ name: "nginx", port: Number(new URL(gateway.url).port) }] : []),
    ];
    const served: string[] = [];
    const statuses = new Set<number>();
    for (const profile of profiles) {
      for (const path of spellings("waiting.png")) {
        const answer = await rawRequest(profile.port, "GET", path);
        statuses.add(answer.status);
        // A 200 may only be the storefront's index.html (an unknown page), never the file.
        const isFile = answer.status < 300 && !answer.type.startsWith("text/html");
        if (answer.body.includes(SECRET) || isFile) served.push(`${profile.name} ${path} → ${answer.status}`);
      }
      // The rest of /media still works.
      const image = await rawRequest(profile.port, "GET", "/media/stationeries/demo-natraj-pencils.png");
      expect(image.status, profile.name).toBe(200);
    }
    expect(served).toEqual([]);
    reportFinding(
      "12 incoming private",
      `${spellings("x").length} spellings of /media/incoming/<file> (%2f, //, ./, .., %-encoded letters, backslashes, NUL) on ${profiles.map((p) => p.name).join(" and ")}`,
      `never served: statuses ${[...statuses].sort().join(", ")}`,
    );
  });
});
