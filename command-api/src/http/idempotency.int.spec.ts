import { randomUUID } from "node:crypto";
import { Streams } from "@shop/contracts";
import { startTestShop, type TestShop } from "@shop/standalone";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

describe("Idempotency-Key", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop();
  });
  afterAll(() => shop.destroy());

  const send = (key: string, message: string) =>
    fetch(`${shop.url}/api/messages`, {
      method: "POST",
      headers: { "content-type": "application/json", "idempotency-key": key },
      body: JSON.stringify({ name: "Ravi", email: "ravi@example.com", message }),
    });

  it("answers a retried command with the first result and does the work once", async () => {
    const key = randomUUID();
    const first = await send(key, "Is the Class 8 set in stock?");
    const firstBody = (await first.json()) as { id: string; position: string };
    const head = await shop.events.headPosition();
    const again = await send(key, "Is the Class 8 set in stock?");
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await again.json()).toEqual(firstBody);
    expect(await shop.events.headPosition()).toBe(head);
    expect(
      (await shop.events.readStream(Streams.message(firstBody.id))).map((e) => e.metadata.idempotencyKey),
    ).toEqual([key]);
  });

  it("does not replay a failure: a corrected retry with the same key does the work", async () => {
    const key = randomUUID();
    expect((await send(key, "")).status).toBe(400);
    expect((await send(key, "Now with a message")).status).toBe(201);
  });
});
