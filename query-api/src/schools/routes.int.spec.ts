import type { Product, School } from "@shop/contracts";
import { client, login, startTestShop, type TestShop } from "@shop/standalone";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { after } from "../testing/append.ts";

const SCHOOL_KEYS = [
  "area",
  "board",
  "district",
  "id",
  "imageUrl",
  "location",
  "medium",
  "name",
  "pincode",
  "state",
];

describe("GET /api/schools", () => {
  let shop: TestShop;
  let anon: ReturnType<typeof client>;
  let schools: School[];

  beforeAll(async () => {
    shop = await startTestShop();
    anon = client(shop.url);
    schools = (await anon.get<{ items: School[] }>("/api/schools")).body.items;
  });
  afterAll(() => shop.destroy());

  it("lists every school, whole, by name, in the School shape", async () => {
    expect(schools.length).toBeGreaterThanOrEqual(4);
    expect(schools.map((s) => s.name)).toEqual(
      [...schools.map((s) => s.name)].sort((a, b) => (a < b ? -1 : 1)),
    );
    for (const s of schools) expect(Object.keys(s).sort()).toEqual(SCHOOL_KEYS);
  });

  it("answers one school, and 404 `No school found!` for an unknown or malformed id", async () => {
    const first = schools[0] as School;
    expect((await anon.get(`/api/schools/${first.id}`)).body).toEqual(first);
    for (const id of ["6b1f7a3e-0000-4000-8000-000000000000", "not-a-uuid"]) {
      const res = await anon.get(`/api/schools/${id}`);
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toMatch(/application\/problem\+json/);
      expect(res.body.detail).toBe("No school found!");
    }
  });

  it("answers a school's books for a class, only books of that school and class", async () => {
    const school = schools[0] as School;
    const res = await anon.get<{ items: Product[] }>(`/api/schools/${school.id}/books?class=8`);
    expect(res.status).toBe(200);
    expect(res.body.items.length).toBeGreaterThan(0);
    for (const b of res.body.items) expect(b).toMatchObject({ kind: "book", schoolId: school.id, class: 8 });
    const all = await anon.get<{ items: Product[] }>(`/api/schools/${school.id}/books`);
    const classes = all.body.items.map((b) => b.class ?? 0);
    expect(new Set(classes).size).toBe(12);
    expect(classes).toEqual([...classes].sort((a, b) => a - b));
  });

  it("answers 404 for the books of an unknown school and 400 for a bad class or unknown parameter", async () => {
    const unknown = await anon.get("/api/schools/6b1f7a3e-0000-4000-8000-000000000000/books?class=8");
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe("No school found!");
    const school = schools[0] as School;
    expect((await anon.get(`/api/schools/${school.id}/books?class=13`)).status).toBe(400);
    expect((await anon.get(`/api/schools/${school.id}/books?grade=8`)).status).toBe(400);
    expect((await anon.get("/api/schools?sort=name")).status).toBe(400);
  });

  it("drops a removed school from the list and answers 404 for it", async () => {
    const admin = await login(shop.url, "admin@example.com", "admin-pass-1");
    const created = await admin.api.post<{ id: string; position: string }>("/api/schools", {
      name: "Aarambh Vidyalaya",
      imageUrl: (schools[0] as School).imageUrl,
      location: "Station Road",
      area: "Civil Lines",
      district: "Nagpur",
      state: "Maharashtra",
      pincode: 440001,
      board: "State Board",
      medium: "Marathi",
    });
    expect(created.status).toBe(201);
    const listed = await anon.get<{ items: School[] }>("/api/schools", after(created.body.position));
    expect(listed.body.items[0]?.name).toBe("Aarambh Vidyalaya");
    const removed = await admin.api.del<{ position: string }>(`/api/schools/${created.body.id}`);
    expect(removed.status).toBe(200);
    const again = await anon.get<{ items: School[] }>("/api/schools", after(removed.body.position));
    expect(again.body.items.some((s) => s.id === created.body.id)).toBe(false);
    expect((await anon.get(`/api/schools/${created.body.id}`)).status).toBe(404);
  });
});
