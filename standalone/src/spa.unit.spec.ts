import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { spaIsStale } from "./spa.ts";

describe("spaIsStale", () => {
  let dir = "";
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** A frontend folder whose build is an hour newer than its sources. */
  const builtFrontend = () => {
    dir = mkdtempSync(join(tmpdir(), "spa-stale-"));
    const frontend = join(dir, "frontend");
    for (const d of ["src", "public", "dist", "dist-server"])
      mkdirSync(join(frontend, d), { recursive: true });
    const hourAgo = new Date(Date.now() - 3_600_000);
    for (const f of ["src/main.tsx", "public/first-requests.js", "index.html"]) {
      writeFileSync(join(frontend, f), "");
      utimesSync(join(frontend, f), hourAgo, hourAgo);
    }
    for (const d of ["src", "public"]) utimesSync(join(frontend, d), hourAgo, hourAgo);
    utimesSync(frontend, hourAgo, hourAgo);
    writeFileSync(join(frontend, "dist", "index.html"), "");
    writeFileSync(join(frontend, "dist-server", "render-first-screen.js"), "");
    return frontend;
  };

  it("is false for a build newer than every source", () => {
    expect(spaIsStale(builtFrontend())).toBe(false);
  });

  it("is true when the first screen's renderer was not built", () => {
    const frontend = builtFrontend();
    rmSync(join(frontend, "dist-server"), { recursive: true });
    expect(spaIsStale(frontend)).toBe(true);
  });

  it("is true once a file in public/ changes after the build", () => {
    const frontend = builtFrontend();
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(frontend, "public", "first-requests.js"), later, later);
    expect(spaIsStale(frontend)).toBe(true);
  });

  it("is true once a source changes after the build", () => {
    const frontend = builtFrontend();
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(frontend, "src", "main.tsx"), later, later);
    expect(spaIsStale(frontend)).toBe(true);
  });
});
