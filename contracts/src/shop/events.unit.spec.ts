import { describe, expect, it } from "vitest";
import { CURRENT_SCHEMA_VERSION, parseEvent, registerUpcaster } from "./events.ts";

describe("event schema versions", () => {
  it("reads every event written today at version 1", () => {
    expect(CURRENT_SCHEMA_VERSION("OrderPlaced")).toBe(1);
    expect(() => parseEvent("NoSuchEvent", {}, 1)).toThrow(/unknown event type/);
  });

  it("reads a v1 event as v2 through its upcaster, and writes new events at v2", () => {
    // Suppose MessageSent v1 called the text `body` and had no sentAt; v2 is today's shape.
    registerUpcaster("MessageSent", 1, (data) => {
      const { body, ...rest } = data as { body: string } & Record<string, unknown>;
      return { ...rest, message: body, sentAt: "1970-01-01T00:00:00.000Z" };
    });
    expect(CURRENT_SCHEMA_VERSION("MessageSent")).toBe(2);
    const v1 = {
      messageId: "2a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
      name: "Ravi",
      email: "ravi@example.com",
      body: "Do you deliver to Nagpur?",
    };
    expect(parseEvent("MessageSent", v1, 1)).toEqual({
      type: "MessageSent",
      data: {
        messageId: v1.messageId,
        name: "Ravi",
        email: "ravi@example.com",
        message: "Do you deliver to Nagpur?",
        sentAt: "1970-01-01T00:00:00.000Z",
      },
    });
    const v2 = { ...v1, body: undefined, message: "Hi", sentAt: "2026-11-22T00:00:00.000Z" };
    expect(parseEvent("MessageSent", v2, 2).data).toMatchObject({ message: "Hi" });
  });

  it("refuses data that does not match the schema after upcasting", () => {
    expect(() =>
      parseEvent("OrderStatusChanged", { orderId: "x", from: 1, to: 9, changedAt: "t" }, 1),
    ).toThrow();
  });
});
