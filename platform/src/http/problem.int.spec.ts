import type { AddressInfo } from "node:net";
import express from "express";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { problemMiddleware } from "./problem.ts";

/**
 * What a caller gets when the process itself runs short: out of file descriptors (EMFILE for the
 * process, ENFILE for the machine) while opening a file or loading a module mid-request. The
 * request was fine and the same one succeeds a moment later, so it is a 503 with Retry-After,
 * not a 500 that says the shop is broken.
 */
describe("problemMiddleware", () => {
  let url = "";
  let close = () => {};
  beforeAll(async () => {
    const app = express();
    const fail = (code: string) => () => {
      throw Object.assign(new Error(`${code}: too many open files, open '/srv/x.js'`), { code });
    };
    app.get("/emfile", fail("EMFILE"));
    app.get("/enfile", fail("ENFILE"));
    app.get("/wrapped", () => {
      throw new Error("could not load the parser", {
        cause: Object.assign(new Error("EMFILE: too many open files"), { code: "EMFILE" }),
      });
    });
    app.get("/boom", () => {
      throw new Error("boom");
    });
    app.use(problemMiddleware(pino({ level: "silent" })));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => void server.close();
  });
  afterAll(() => close());

  it.each(["/emfile", "/enfile", "/wrapped"])(
    "answers %s, a descriptor shortage, 503 with Retry-After",
    async (path) => {
      const res = await fetch(url + path);
      expect(res.status).toBe(503);
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect(res.headers.get("content-type")).toContain("application/problem+json");
      expect(((await res.json()) as { detail: string }).detail).toBe(
        "The shop is briefly unavailable; try again in a moment",
      );
    },
  );

  it("still answers any other fault 500, without its message", async () => {
    const res = await fetch(`${url}/boom`);
    expect(res.status).toBe(500);
    expect(res.headers.get("retry-after")).toBeNull();
    expect(((await res.json()) as { detail: string }).detail).toBe("Something went wrong on our side");
  });
});
