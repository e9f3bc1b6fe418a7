import { describe, expect, it } from "vitest";
import { createDeviceTokens, DEVICE_TTL_SECONDS } from "./deviceTokens.ts";

const SECRET = "a-session-secret-of-at-least-32-bytes!!";

describe("device cookies", () => {
  it("knows a value it issued, for that login only, for a year", () => {
    let now = Date.UTC(2026, 10, 28);
    const devices = createDeviceTokens(SECRET, () => now);
    const value = devices.issue("asha@example.com");
    const device = devices.verify(value, "asha@example.com");
    expect(device).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(value).not.toContain("asha");
    expect(devices.verify(value, "ravi@example.com")).toBeNull();
    expect(devices.verify(devices.issue("asha@example.com"), "asha@example.com")).not.toBe(device);
    now += (DEVICE_TTL_SECONDS - 1) * 1000;
    expect(devices.verify(value, "asha@example.com")).toBe(device);
    now += 1000;
    expect(devices.verify(value, "asha@example.com")).toBeNull();
  });

  it("refuses an altered, foreign or malformed value", () => {
    const devices = createDeviceTokens(SECRET);
    const value = devices.issue("asha@example.com");
    const [id, issued, mac] = value.split(".") as [string, string, string];
    const other = createDeviceTokens(`${SECRET}-other`);
    for (const bad of [
      `${id}.${Number(issued) + 1}.${mac}`,
      `${id.replace(/^./, (c) => (c === "A" ? "B" : "A"))}.${issued}.${mac}`,
      `${id}.${issued}.${mac.replace(/^./, (c) => (c === "A" ? "B" : "A"))}`,
      other.issue("asha@example.com"),
      `${id}.${issued}`,
      "",
      `${value}.x`,
    ])
      expect(devices.verify(bad, "asha@example.com"), bad).toBeNull();
  });
});
