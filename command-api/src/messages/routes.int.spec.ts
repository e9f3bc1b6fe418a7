import { Streams } from "@shop/contracts";
import { client, startTestShop, type TestShop } from "@shop/standalone";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { typesIn } from "../testing/streams.ts";

describe("contact messages over HTTP", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop({ env: { RATE_LIMIT_MESSAGES: "2" } });
  });
  afterAll(() => shop.destroy());

  it("takes a message from anyone, refuses an empty field with the spec's text, and rate-limits", async () => {
    const anon = client(shop.url);
    const empty = await anon.post("/api/messages", { name: "Ravi", email: "ravi@example.com", message: " " });
    expect(empty.status).toBe(400);
    expect(empty.body.detail).toBe("Please fill in all the fields!");
    const sent = await anon.post<{ id: string }>("/api/messages", {
      name: "Ravi",
      email: "Ravi@Example.com",
      message: "Do you deliver to Nagpur?",
    });
    expect(sent.status).toBe(201);
    const [event] = await shop.events.readStream(Streams.message(sent.body.id));
    expect(event?.data).toMatchObject({ email: "ravi@example.com", message: "Do you deliver to Nagpur?" });
    expect(await typesIn(shop.events, Streams.message(sent.body.id))).toEqual(["MessageSent"]);
    expect(
      (await anon.post("/api/messages", { name: "R", email: "r@example.com", message: "2" })).status,
    ).toBe(201);
    const limited = await anon.post("/api/messages", { name: "R", email: "r@example.com", message: "3" });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBeTruthy();
  });
});
