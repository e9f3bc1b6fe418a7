import { describe, expect, it } from "vitest";
import { comparePositions, positionsBehind } from "./positions.ts";

describe("positions", () => {
  it("compares positions as numbers, beyond what a double holds", () => {
    expect(comparePositions("9", "10")).toBe(-1);
    expect(comparePositions("18446744073709551615", "18446744073709551614")).toBe(1);
    expect(comparePositions("42", "42")).toBe(0);
  });

  it("says how far a position is behind the head, and 0 when it is not behind", () => {
    expect(positionsBehind("120", "100")).toBe(20);
    expect(positionsBehind("100", "100")).toBe(0);
    expect(positionsBehind("100", "120")).toBe(0);
  });
});
