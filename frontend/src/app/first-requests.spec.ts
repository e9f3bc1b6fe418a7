import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { mockApi } from "../testing/fetch-mock.ts";

// index.html's classic script (public/first-requests.js), run as the browser runs it.
const script = readFileSync(join(import.meta.dirname, "..", "..", "public", "first-requests.js"), "utf8");
const runScript = () => new Function(script)();

const preloads = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')].map((l) => ({
    href: l.getAttribute("href"),
    fetchPriority: l.getAttribute("fetchpriority"),
  }));

const settled = () => new Promise((r) => setTimeout(r, 20));

describe("index.html's first requests", () => {
  afterEach(() => {
    delete window.__firstRequests;
    for (const l of document.head.querySelectorAll("link")) l.remove();
    window.history.pushState({}, "", "/");
  });

  it("ask for the home page's data, then for the first promotion's and the first school's image", async () => {
    const calls = mockApi({
      "GET /api/promotions": {
        body: {
          items: [
            { id: "p0", imageUrl: "/media/promotions/off.png", active: false },
            { id: "p1", imageUrl: "/media/promotions/on.png", active: true },
            { id: "p2", imageUrl: "/media/promotions/later.png", active: true },
          ],
        },
      },
      "GET /api/schools": {
        body: {
          items: [
            { id: "s1", imageUrl: "/media/schools/first.png" },
            { id: "s2", imageUrl: "/media/schools/second.png" },
          ],
        },
      },
    });
    window.history.pushState({}, "", "/");
    runScript();
    await settled();

    expect(calls.calls.map((c) => c.path)).toEqual(["/api/promotions", "/api/schools"]);
    expect(preloads()).toEqual([
      { href: "/media/promotions/on.png", fetchPriority: "high" },
      { href: "/media/schools/first.png", fetchPriority: "high" },
    ]);
    // The app still reads the answers in full.
    const schools = await (await window.__firstRequests?.["/api/schools"])?.json();
    expect(schools.items).toHaveLength(2);
  });

  it("preload nothing when an answer fails", async () => {
    mockApi({ "GET /api/promotions": { status: 500, body: { detail: "boom" } } });
    window.history.pushState({}, "", "/");
    runScript();
    await settled();
    expect(preloads()).toEqual([]);
  });

  it("preload only same-origin paths, never a protocol-relative or backslashed URL", async () => {
    mockApi({
      "GET /api/promotions": {
        body: { items: [{ id: "p1", imageUrl: "//evil.example/track.png", active: true }] },
      },
      "GET /api/schools": { body: { items: [{ id: "s1", imageUrl: "/\\evil.example/track.png" }] } },
    });
    window.history.pushState({}, "", "/");
    runScript();
    await settled();
    expect(preloads()).toEqual([]);
  });

  it("ask nothing on any other page", async () => {
    const calls = mockApi({});
    window.history.pushState({}, "", "/cart");
    runScript();
    await settled();
    expect(calls.calls).toHaveLength(0);
    expect(window.__firstRequests).toBeUndefined();
  });
});
