import { DomainError } from "@shop/contracts";
import { describe, expect, it } from "vitest";
import { UPLOADS_BUSY, uploadSlots } from "./uploadSlots.ts";

const busy = (take: () => unknown) => {
  try {
    take();
  } catch (err) {
    return err instanceof DomainError && err.kind === "unavailable" && err.message === UPLOADS_BUSY
      ? err.extras.retryAfterSeconds
      : "other error";
  }
  return "taken";
};

describe("upload slots", () => {
  it("refuses a user past their own bound with 503 and Retry-After, while others still get a place", () => {
    const slots = uploadSlots(2, 3);
    slots.take("a");
    slots.take("a");
    expect(busy(() => slots.take("a"))).toBeGreaterThan(0);
    expect(busy(() => slots.take("b"))).toBe("taken");
  });

  it("refuses everyone when the whole queue is full, and frees a place on release (once)", () => {
    const slots = uploadSlots(2, 2);
    const releaseA = slots.take("a");
    slots.take("b");
    expect(busy(() => slots.take("c"))).toBeGreaterThan(0);
    releaseA();
    releaseA();
    expect(busy(() => slots.take("c"))).toBe("taken");
    expect(busy(() => slots.take("d"))).toBeGreaterThan(0);
  });
});
