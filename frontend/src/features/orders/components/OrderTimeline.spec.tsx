import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { formatIstDateTime } from "../../../lib/ist.ts";
import { OrderTimeline } from "./OrderTimeline.tsx";

describe("the order timeline's times (issue 18 item 14)", () => {
  it("uses the audit history's rule: India Standard Time, labelled IST, whatever the browser's zone", () => {
    // 20:00 UTC on 31 January is 01:30 on 1 February in India: the date itself depends on the zone.
    const at = "2026-01-31T20:00:00.000Z";
    render(<OrderTimeline entries={[{ type: "OrderPlaced", at, by: { name: "Asha Rao", accType: 3 } }]} />);
    const line = screen.getByText(/Asha Rao/);
    expect(line.textContent).toContain(formatIstDateTime(at));
    expect(line.textContent).toMatch(/^01 February 2026(,| at) 01:30 am IST · Asha Rao$/i);
  });
});
