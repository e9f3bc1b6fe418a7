import { randomUUID } from "node:crypto";
import { Streams } from "@shop/contracts";
import { client, login, signupCustomer, startTestShop, type TestShop } from "@shop/standalone";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { typesIn } from "../testing/streams.ts";

const school = {
  name: "Bishop Cotton Boys' School",
  imageUrl: "/media/schools/demo-dps-pune.png",
  location: "St Mark's Road",
  area: "Shanthala Nagar",
  district: "Bengaluru Urban",
  state: "Karnataka",
  pincode: 560001,
  board: "ICSE",
  medium: "English",
};

describe("schools over HTTP", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop();
  });
  afterAll(() => shop.destroy());

  it("lets only admins register, update and remove a school", async () => {
    const customer = await signupCustomer(shop.url);
    const before = await shop.events.headPosition();
    expect((await client(shop.url).post("/api/schools", school)).status).toBe(401);
    expect((await customer.api.post("/api/schools", school)).status).toBe(403);
    expect(await shop.events.headPosition()).toBe(before);

    const admin = await login(shop.url, "admin@example.com", "admin-pass-1");
    const created = await admin.api.post<{ id: string; position: string }>("/api/schools", school);
    expect(created.status).toBe(201);
    const id = created.body.id;
    expect((await admin.api.put(`/api/schools/${id}`, { ...school, medium: "Kannada" })).status).toBe(200);
    expect((await admin.api.del(`/api/schools/${id}`)).status).toBe(200);
    expect(await typesIn(shop.events, Streams.school(id))).toEqual([
      "SchoolRegistered",
      "SchoolUpdated",
      "SchoolRemoved",
    ]);
    const again = await admin.api.del(`/api/schools/${id}`);
    expect(again.status).toBe(404);
    expect(again.body.detail).toBe("No school found!");
  });

  it("answers the spec's text for a missing field and 400 for a bad pincode, appending nothing", async () => {
    const admin = await login(shop.url, "admin@example.com", "admin-pass-1");
    const before = await shop.events.headPosition();
    const missing = await admin.api.post("/api/schools", { ...school, district: "" });
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toBe("Please Fill all the details!");
    const badPin = await admin.api.post<{ errors: { path: string }[] }>("/api/schools", {
      ...school,
      pincode: 12,
    });
    expect(badPin.status).toBe(400);
    expect(badPin.body.errors.map((e) => e.path)).toContain("pincode");
    expect((await admin.api.put(`/api/schools/${randomUUID()}`, school)).status).toBe(404);
    expect(await shop.events.headPosition()).toBe(before);
  });

  it("refuses a book for an unknown school with No school found!", async () => {
    const admin = await login(shop.url, "admin@example.com", "admin-pass-1");
    const res = await admin.api.post("/api/products", {
      kind: "book",
      title: "Science Class 6",
      author: "NCERT",
      publisher: "NCERT",
      publishedOn: "2025",
      edition: "1",
      language: "English",
      subject: "Science",
      schoolId: randomUUID(),
      class: 6,
      pricePaise: 9000,
      discountPaise: 0,
      description: "Textbook",
      imageUrl: school.imageUrl,
    });
    expect(res.status).toBe(404);
    expect(res.body.detail).toBe("No school found!");
  });
});
