import { describe, it } from "vitest";
import { specFor } from "../commandHandling/specification.ts";
import { messageDecider } from "./decider.ts";

const given = specFor(messageDecider);
const now = "2026-11-22T10:00:00.000Z";
const data = {
  messageId: "2a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
  name: "Ravi",
  email: "ravi@example.com",
  message: "In stock?",
};

describe("message decider", () => {
  it("records a message with its time", () =>
    given([])
      .when({ type: "SendMessage", data: { ...data, now } })
      .then([{ type: "MessageSent", data: { ...data, sentAt: now } }]));
  it("refuses a second message on the same id", () =>
    given([{ type: "MessageSent", data: { ...data, sentAt: now } }])
      .when({ type: "SendMessage", data: { ...data, now } })
      .thenThrows("conflict"));
});
