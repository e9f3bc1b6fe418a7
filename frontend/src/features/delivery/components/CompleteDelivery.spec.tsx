import { describe, expect, it } from "vitest";
import { mayCompleteDelivery } from "./CompleteDelivery.tsx";

describe("who may complete a delivery (spec §2, §6)", () => {
  it.each([
    [1, 1, true],
    [1, 3, true],
    [2, 2, true],
    [2, 3, false],
    [3, 1, false],
    [undefined, 1, false],
  ] as const)("accType %s, status %s → %s", (accType, status, allowed) => {
    expect(mayCompleteDelivery(accType, status)).toBe(allowed);
  });
});
