import { AccType, type UserEvent } from "@shop/contracts";
import { describe, it } from "vitest";
import { specFor } from "../commandHandling/specification.ts";
import { type UserCommand, userDecider } from "./decider.ts";

const given = specFor(userDecider);
const now = "2026-11-22T10:00:00.000Z";
const userId = "8c0f5a52-2b0c-5a55-9b1e-1d2a3b4c5d6e";
const credentialId = "0b7c1f6e-2d6a-4a8f-9f3e-5b1c2d3e4f50";
const admin = "3d1e2f40-5a6b-4c7d-8e9f-a0b1c2d3e4f5";
const register: UserCommand = {
  type: "RegisterUser",
  data: {
    userId,
    name: "Asha",
    email: "asha@example.com",
    contact: "+91 98765 43210",
    address: "12 MG Road, Pune",
    accType: AccType.CUSTOMER,
    credentialId,
    now,
  },
};
const registered: UserEvent = {
  type: "UserRegistered",
  data: {
    userId,
    name: "Asha",
    email: "asha@example.com",
    contact: "+91 98765 43210",
    address: "12 MG Road, Pune",
    accType: AccType.CUSTOMER,
    credentialId,
    registeredAt: now,
  },
};

describe("user decider", () => {
  it("registers a new user without any password material", () => given([]).when(register).then([registered]));
  it("refuses a second registration of the same e-mail", () =>
    given([registered]).when(register).thenThrows("conflict", "Email already registered"));
  it("updates only the fields that change", () =>
    given([registered])
      .when({ type: "UpdateProfile", data: { name: "Asha", address: "14 MG Road, Pune", now } })
      .then([{ type: "UserProfileUpdated", data: { userId, address: "14 MG Road, Pune", updatedAt: now } }]));
  it("treats an unchanged profile as a no-op", () =>
    given([registered])
      .when({ type: "UpdateProfile", data: { name: "Asha", now } })
      .thenNothing());
  it("changes a role and records the previous one", () =>
    given([registered])
      .when({ type: "ChangeRole", data: { to: AccType.DELIVERY, by: admin, now } })
      .then([{ type: "UserRoleChanged", data: { userId, from: 3, to: 2, changedAt: now } }]));
  it("refuses a change of the asker's own role: another admin makes it", () =>
    given([registered])
      .when({ type: "ChangeRole", data: { to: AccType.DELIVERY, by: userId, now } })
      .thenThrows("forbidden", "You cannot change your own role"));
  it("refuses to change an unknown user", () =>
    given([])
      .when({ type: "ChangeRole", data: { to: AccType.ADMIN, by: admin, now } })
      .thenThrows("not_found"));
});
