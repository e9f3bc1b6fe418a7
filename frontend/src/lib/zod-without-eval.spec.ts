import { describe, expect, it } from "vitest";
import "./zod-without-eval.ts";

describe("zod in the browser", () => {
  it("is told not to compile parsers with new Function (the CSP refuses eval)", async () => {
    const { config, object, string } = await import("zod");
    expect(config().jitless).toBe(true);
    expect(object({ name: string() }).safeParse({ name: "Asha" }).success).toBe(true);
  });
});
