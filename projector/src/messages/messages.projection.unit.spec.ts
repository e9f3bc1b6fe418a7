import type { DomainEvent } from "@shop/contracts";
import { describe, expect, it } from "vitest";
import { recorded } from "../testing/events.ts";
import { fold, notesFor } from "../testing/fold.ts";
import { messagesProjection } from "./messages.projection.ts";

const messageId = "2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d";
const sent: DomainEvent = {
  type: "MessageSent",
  data: {
    messageId,
    name: "Ravi",
    email: "ravi@example.com",
    message: "Do you deliver to Nashik?",
    sentAt: "2026-11-22T09:00:00.000Z",
  },
};

describe("messages projection", () => {
  it("stores the message as sent", () => {
    expect(fold(messagesProjection, recorded(`message-${messageId}`, [sent]))).toEqual({
      _id: messageId,
      id: messageId,
      name: "Ravi",
      email: "ravi@example.com",
      message: "Do you deliver to Nashik?",
      sentAt: "2026-11-22T09:00:00.000Z",
      revision: 0,
    });
  });

  it("announces message.received to admins only, with the API's Message", async () => {
    const notes = await notesFor(messagesProjection, recorded(`message-${messageId}`, [sent], 7));
    expect(notes).toEqual([
      {
        rooms: ["role:admin"],
        event: "message.received",
        payload: {
          position: "7",
          message: {
            id: messageId,
            name: "Ravi",
            email: "ravi@example.com",
            message: "Do you deliver to Nashik?",
            sentAt: "2026-11-22T09:00:00.000Z",
          },
        },
      },
    ]);
  });
});
