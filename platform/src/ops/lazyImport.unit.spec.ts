import { describe, expect, it } from "vitest";
import { lazyImport } from "./lazyImport.ts";

describe("a package loaded at its first use", () => {
  it("is loaded once for every caller, even those asking while it loads", async () => {
    let loads = 0;
    const load = lazyImport(async () => {
      loads += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return { sign: () => "signed" };
    });
    const [a, b] = await Promise.all([load(), load()]);
    expect(a).toBe(b);
    expect((await load()).sign()).toBe("signed");
    expect(loads).toBe(1);
  });

  it("is loaded again after a failed load (a file-descriptor shortage under a burst), not failed for good", async () => {
    let loads = 0;
    const load = lazyImport(async () => {
      loads += 1;
      if (loads === 1) throw Object.assign(new Error("EMFILE: too many open files"), { code: "EMFILE" });
      return { ok: true };
    });
    await expect(load()).rejects.toThrow("EMFILE");
    await expect(load()).resolves.toEqual({ ok: true });
    expect(loads).toBe(2);
  });
});
