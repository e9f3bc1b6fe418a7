import { randomUUID } from "node:crypto";
import { v5 } from "uuid";
import { describe, expect, it } from "vitest";
import { uuidV5Namespace } from "./uuidV5.ts";

describe("name-based UUIDs (v5)", () => {
  it("are the ids the uuid package derives, for any name: ids already in the log stay the ids of their commands", () => {
    const namespace = "0b6f2a4e-9d1c-4f6b-8a3e-5c7d2e1f4a90";
    const derive = uuidV5Namespace(namespace);
    const names = [
      "",
      "order-1\nkey\n0",
      "Priya.Sharma@Example.com",
      "नोटबुक ₹45 ✏️",
      "\u0000\uffff",
      ...Array.from({ length: 500 }, (_, i) => `order-${randomUUID()}\n${randomUUID()}\n${i % 4}`),
    ];
    for (const name of names) expect(derive(name)).toBe(v5(name, namespace));
    // RFC 9562's example: the DNS namespace and "www.example.com".
    expect(uuidV5Namespace("6ba7b810-9dad-11d1-80b4-00c04fd430c8")("www.example.com")).toBe(
      "2ed6657d-e927-568b-95e1-2665a8aea6a2",
    );
  });

  it("refuses a namespace that is not a UUID", () => {
    expect(() => uuidV5Namespace("not-a-uuid")).toThrow(TypeError);
  });
});
