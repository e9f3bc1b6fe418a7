import { describe, expect, it } from "vitest";

describe("runtime", () => {
  it("runs on Node 24, the version the project pins (the machine's own Node is older)", () => {
    expect(process.versions.node.split(".")[0]).toBe("24");
  });
});
