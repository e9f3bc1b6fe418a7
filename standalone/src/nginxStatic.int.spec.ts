import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findNginx, type RunningNginx, startGateway } from "./testing/nginx.ts";

/**
 * deploy/nginx.conf's static blocks under Debian's nginx: the gzip copies the Vite build writes
 * are sent as they are (gzip_static), not compressed again per request. (nginxGateway.int.spec.ts
 * says why this cannot run without nginx; here it only reports the skip.)
 */
const nginx = findNginx();
if (!nginx) console.log("skipped: nginx is not installed (apt-get install nginx): gzip_static did not run");

describe.runIf(nginx)("the nginx gateway's pre-compressed SPA files (issue 18 item 7)", () => {
  let gateway: RunningNginx;
  const spaDir = mkdtempSync(join(tmpdir(), "gateway-static-"));
  const media = mkdtempSync(join(tmpdir(), "gateway-media-"));

  beforeAll(async () => {
    mkdirSync(join(spaDir, "assets"));
    writeFileSync(join(spaDir, "index.html"), "<!doctype html><title>spa</title>");
    writeFileSync(join(spaDir, "index.html.gz"), gzipSync("<!doctype html><title>from the .gz copy</title>"));
    writeFileSync(join(spaDir, "assets", "index-3f9a1c2b.js"), `console.log("plain");\n`);
    // A different text in the copy: the decoded answer shows which file nginx sent.
    writeFileSync(
      join(spaDir, "assets", "index-3f9a1c2b.js.gz"),
      gzipSync(`console.log("from the .gz copy");\n`),
    );
    // Nothing listens there: only the static blocks are under test.
    gateway = await startGateway(nginx!, {
      query: "127.0.0.1:9",
      command: "127.0.0.1:9",
      spaDir,
      mediaParent: media,
    });
  });
  afterAll(async () => {
    await gateway?.stop();
    for (const dir of [spaDir, media]) rmSync(dir, { recursive: true, force: true });
  });

  it("sends a hashed file's .gz copy with Content-Encoding, Vary and a year's immutable caching", async () => {
    const res = await fetch(`${gateway.url}/assets/index-3f9a1c2b.js`, {
      headers: { "accept-encoding": "gzip" },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(res.headers.get("vary")).toMatch(/Accept-Encoding/i);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await res.text()).toBe(`console.log("from the .gz copy");\n`);
    const plain = await fetch(`${gateway.url}/assets/index-3f9a1c2b.js`, {
      headers: { "accept-encoding": "identity" },
    });
    expect(await plain.text()).toBe(`console.log("plain");\n`);
  });

  it("sends index.html's .gz copy for a client route, always revalidated", async () => {
    const res = await fetch(`${gateway.url}/order/5d9c2e1f-3a4b-4c5d-8e6f-7a8b9c0d1e2f`, {
      headers: { "accept-encoding": "gzip" },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(res.headers.get("cache-control")).toBe("no-cache");
    expect(await res.text()).toContain("from the .gz copy");
  });
});
