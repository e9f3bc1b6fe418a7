import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger, prettyStream, terminalDestination } from "./logger.ts";

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { stream, lines };
}

describe("createLogger", () => {
  it("writes JSON lines at the configured level", () => {
    const { stream, lines } = capture();
    const logger = createLogger({ logLevel: "warn" }, stream);
    logger.info("hidden");
    logger.warn({ orderId: "o1" }, "shown");
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 40, msg: "shown", orderId: "o1" });
  });

  it("redacts secrets wherever they appear in the logged object", () => {
    const { stream, lines } = capture();
    const logger = createLogger({ level: "info" }, stream);
    logger.info(
      {
        password: "p1",
        otp: "123456",
        body: { password: "p2", passwordHash: "scrypt$..." },
        req: { headers: { authorization: "Bearer abc", cookie: "session=abc" } },
        job: { data: { token: "t" } },
      },
      "request",
    );
    const line = lines.join("");
    for (const secret of ["p1", "p2", "123456", "scrypt$", "Bearer abc", "session=abc", '"t"']) {
      expect(line).not.toContain(secret);
    }
    expect(line).toContain("[redacted]");
  });
});

describe("log format at a terminal (issue 18 item 15)", () => {
  it("is JSON when stdout is not a terminal (compose, CI, a pipe)", () => {
    expect(terminalDestination(false)).toBeUndefined();
  });

  it("is one readable line per entry at a terminal, secrets still redacted", () => {
    const { stream, lines } = capture();
    const logger = createLogger({ logLevel: "info" }, prettyStream(stream));
    logger.info({ port: 3000, password: "hunter2" }, "shop listening");
    const text = lines.join("");
    expect(text).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: shop listening/);
    expect(text).toContain("3000");
    expect(text).not.toContain("hunter2");
    expect(text.trim().startsWith("{")).toBe(false);
  });
});
