import { describe, expect, it } from "vitest";
import {
  customerKeysOf,
  customerTerm,
  istDayAfter,
  istDayStart,
  OrderFilters,
  orderIdTerm,
} from "./filters.ts";

describe("the admin's order filters", () => {
  it("turns IST days into the UTC instants placedAt is compared with", () => {
    expect(istDayStart("2025-06-01")).toBe("2025-05-31T18:30:00.000Z");
    expect(istDayAfter("2025-06-01")).toBe("2025-06-01T18:30:00.000Z");
    expect(istDayAfter("2025-12-31")).toBe("2025-12-31T18:30:00.000Z");
  });

  it("compares a customer's phone without country code or trunk 0, names and e-mails in lower case", () => {
    expect(
      customerKeysOf({ name: " Asha Rao ", email: "Asha@Example.COM", contact: "+91 98450 12345" }),
    ).toEqual({
      name: "asha rao",
      email: "asha@example.com",
      phone: "9845012345",
    });
    expect(customerKeysOf({ name: "R", email: "r@x.in", contact: "080 2222 3333" }).phone).toBe("8022223333");
    expect(customerKeysOf({ name: "R", email: "r@x.in", contact: "919845012345" }).phone).toBe("9845012345");
  });

  it("searches the e-mail with an @, the phone with digits only, else the name", () => {
    expect(customerTerm("Asha@")).toEqual({ field: "email", prefix: "asha@" });
    expect(customerTerm("+91 98450-12")).toEqual({ field: "phone", prefix: "9845012" });
    expect(customerTerm("098450")).toEqual({ field: "phone", prefix: "98450" });
    expect(customerTerm("Asha R")).toEqual({ field: "name", prefix: "asha r" });
    expect(customerTerm("R2-D2")).toEqual({ field: "name", prefix: "r2-d2" });
  });

  it("reads an order id as a short-id prefix or the whole id", () => {
    expect(orderIdTerm("#1A2b")).toEqual({ field: "shortId", value: "1a2b" });
    expect(orderIdTerm("5D9C2E1F-3A4B-4C5D-8E6F-7A8B9C0D1E2F")).toEqual({
      field: "id",
      value: "5d9c2e1f-3a4b-4c5d-8e6f-7a8b9c0d1e2f",
    });
  });

  it("refuses what no order could match, in words", () => {
    const issues = (q: Record<string, string>) =>
      OrderFilters.safeParse(q).error?.issues.map((i) => [i.path.join("."), i.message]);
    expect(issues({ status: "4" })).toEqual([["status", "Unknown order status"]]);
    expect(issues({ status: "x" })).toEqual([["status", "Unknown order status"]]);
    expect(issues({ from: "2025-02-30" })).toEqual([["from", "Use a date like 2025-06-01"]]);
    expect(issues({ orderId: "#1a2b3c4d5" })).toHaveLength(1);
    expect(OrderFilters.parse({ status: "2", customer: "  asha " })).toEqual({ status: 2, customer: "asha" });
  });
});
