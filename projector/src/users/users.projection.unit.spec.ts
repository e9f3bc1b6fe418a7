import type { DomainEvent } from "@shop/contracts";
import { describe, expect, it } from "vitest";
import { recorded } from "../testing/events.ts";
import { fold, notesFor } from "../testing/fold.ts";
import { usersProjection } from "./users.projection.ts";

const userId = "1e2d3c4b-5a69-4788-9a6b-5c4d3e2f1a0b";
const stream = `user-${userId}`;
const registered: DomainEvent = {
  type: "UserRegistered",
  data: {
    userId,
    name: "Asha",
    email: "asha@example.com",
    contact: "98765",
    address: "12 MG Road, Pune",
    accType: 3,
    credentialId: "6a5b4c3d-2e1f-4a0b-9c8d-7e6f5a4b3c2d",
    registeredAt: "2026-11-01T10:00:00.000Z",
  },
};
const profile: DomainEvent = {
  type: "UserProfileUpdated",
  data: { userId, contact: "11111", updatedAt: "2026-11-02T10:00:00.000Z" },
};
const promoted: DomainEvent = {
  type: "UserRoleChanged",
  data: { userId, from: 3, to: 2, changedAt: "2026-11-03T10:00:00.000Z" },
};

describe("users projection", () => {
  it("keeps the profile and role but never the credential id", () => {
    const doc = fold(usersProjection, recorded(stream, [registered, profile, promoted]));
    expect(doc).toEqual({
      _id: userId,
      id: userId,
      name: "Asha",
      email: "asha@example.com",
      contact: "11111",
      address: "12 MG Road, Pune",
      accType: 2,
      registeredAt: "2026-11-01T10:00:00.000Z",
      revision: 2,
    });
  });

  it("announces user.updated to the user and admins; a role change moves the user's sockets", async () => {
    const notes = await notesFor(usersProjection, recorded(stream, [registered, promoted]));
    expect(notes.map((n) => [n.event, n.rooms, n.move])).toEqual([
      [
        "user.updated",
        [`user:${userId}`],
        { leave: ["role:admin", "role:delivery"], join: ["role:delivery"] },
      ],
      ["user.updated", ["role:admin"], undefined],
    ]);
    expect(notes[0]?.payload).toEqual({
      position: "2",
      user: {
        id: userId,
        name: "Asha",
        email: "asha@example.com",
        contact: "98765",
        address: "12 MG Road, Pune",
        accType: 2,
      },
    });
  });
});
