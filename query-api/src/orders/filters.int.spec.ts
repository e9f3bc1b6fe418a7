import { randomUUID } from "node:crypto";
import { type OrderSummary, type Page, type School, Streams } from "@shop/contracts";
import { orderLine, orderPlaced, orderStatusChanged } from "@shop/contracts/testing";
import { client, login, startTestShop, type TestShop } from "@shop/standalone";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { after, appendEvents } from "../testing/append.ts";

/** The admin orders page's filters and CSV export over orders appended with known fields. */
describe("GET /api/orders?scope=all with filters, and GET /api/orders/export.csv", () => {
  let shop: TestShop;
  let admin: Awaited<ReturnType<typeof login>>;
  let position = "0";
  let schoolA = "";
  let schoolB = "";
  let schoolAName = "";
  const ids = {
    ashaEarly: "00000000-0000-4000-8000-00000000aa01",
    ashaLate: "00000000-0000-4000-8000-00000000aa02",
    ravi: "00000000-0000-4000-8000-00000000bb01",
    meera: "00000000-0000-4000-8000-00000000cc01",
  };
  const place = async (
    orderId: string,
    customer: { name: string; email: string; contact: string },
    placedAt: string,
    schoolId?: string,
    status?: 2 | 3,
  ) => {
    const line = orderLine({ title: `Book for ${customer.name}`, ...(schoolId && { schoolId }) });
    const events = [
      orderPlaced({
        orderId,
        placedAt,
        customer: { userId: randomUUID(), ...customer },
        items: [line, orderLine({ title: "Geometry box", quantity: 1 })],
      }),
      ...(status === 2 ? [orderStatusChanged(1, 2, orderId)] : []),
      ...(status === 3
        ? [
            {
              type: "OrderDelivered" as const,
              data: { orderId, from: 1 as const, deliveredAt: "2025-06-04T04:30:00.000Z" },
            },
          ]
        : []),
    ];
    position = await appendEvents(shop.events, Streams.order(orderId), events);
  };
  const list = async (query: string) => {
    const res = await admin.api.get<Page<OrderSummary>>(
      `/api/orders?scope=all&limit=200&${query}`,
      after(position),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.items.map((o) => o.id).filter((id) => Object.values(ids).includes(id));
  };

  beforeAll(async () => {
    shop = await startTestShop();
    admin = await login(shop.url, "admin@example.com", "admin-pass-1");
    const schools = (await client(shop.url).get<{ items: School[] }>("/api/schools")).body.items;
    [schoolA, schoolB] = schools.map((s) => s.id) as [string, string];
    schoolAName = schools[0]?.name ?? "";
    const asha = { name: "Asha Rao", email: "Asha.Rao@example.com", contact: "+91 98450 12345" };
    // 2025-06-01 00:10 IST is still 31 May in UTC: the date range is India's day, not UTC's.
    await place(ids.ashaEarly, asha, "2025-05-31T18:40:00.000Z", schoolA);
    await place(ids.ashaLate, asha, "2025-06-03T06:00:00.000Z", schoolA, 2);
    await place(
      ids.ravi,
      { name: "Ravi Kumar", email: "ravi@school.in", contact: "080 2222 3333" },
      "2025-06-02T06:00:00.000Z",
      schoolB,
      3,
    );
    await place(
      ids.meera,
      { name: '=HYPERLINK("x")', email: "meera@example.com", contact: "99000 11111" },
      "2025-06-02T09:00:00.000Z",
    );
  });
  afterAll(() => shop.destroy());

  it("filters by status, school, IST date range, customer name, e-mail and phone, and order id", async () => {
    expect(await list("")).toEqual([ids.ashaLate, ids.meera, ids.ravi, ids.ashaEarly]);
    expect(await list("status=1")).toEqual([ids.meera, ids.ashaEarly]);
    expect(await list("status=2")).toEqual([ids.ashaLate]);
    expect(await list(`school=${schoolA}`)).toEqual([ids.ashaLate, ids.ashaEarly]);
    expect(await list("from=2025-06-01&to=2025-06-01")).toEqual([ids.ashaEarly]);
    expect(await list("from=2025-06-02&to=2025-06-02")).toEqual([ids.meera, ids.ravi]);
    expect(await list("to=2025-05-31")).toEqual([]);
    expect(await list("customer=asha")).toEqual([ids.ashaLate, ids.ashaEarly]);
    expect(await list("customer=RAVI%20K")).toEqual([ids.ravi]);
    expect(await list("customer=asha.rao%40")).toEqual([ids.ashaLate, ids.ashaEarly]);
    expect(await list("customer=98450%2012")).toEqual([ids.ashaLate, ids.ashaEarly]);
    expect(await list("customer=%2B91%2080%202222")).toEqual([ids.ravi]);
    expect(await list(`orderId=%23${ids.ravi.slice(-8, -3)}`)).toEqual([ids.ravi]);
    expect(await list(`orderId=${ids.meera}`)).toEqual([ids.meera]);
    expect(await list(`status=1&school=${schoolA}&customer=asha&from=2025-06-01`)).toEqual([ids.ashaEarly]);
  });

  it("pages a filtered list with its cursor, never leaving the filter", async () => {
    const first = await admin.api.get<Page<OrderSummary>>(
      `/api/orders?scope=all&limit=1&school=${schoolA}`,
      after(position),
    );
    expect(first.body.items.map((o) => o.id)).toEqual([ids.ashaLate]);
    const second = await admin.api.get<Page<OrderSummary>>(
      `/api/orders?scope=all&limit=1&school=${schoolA}&cursor=${first.body.nextCursor}`,
    );
    expect(second.body.items.map((o) => o.id)).toEqual([ids.ashaEarly]);
    expect(second.body.nextCursor).toBeUndefined();
  });

  it("refuses a bad filter with a 400 naming it, and changes nothing", async () => {
    for (const [query, path, message] of [
      ["status=7", "status", "Unknown order status"],
      ["from=01-06-2025", "from", "Use a date like 2025-06-01"],
      ["school=abc", "school", "Unknown school"],
      ["orderId=zz", "orderId", "An order id is up to 8 characters of 0-9 and a-f, or the whole id"],
      [`customer=${"a".repeat(101)}`, "customer", "Search for at most 100 characters"],
    ] as const) {
      const res = await admin.api.get(`/api/orders?scope=all&${query}`);
      expect(res.status, query).toBe(400);
      expect(res.headers.get("content-type")).toContain("application/problem+json");
      expect(res.body.errors).toEqual([{ path, message }]);
    }
  });

  it("exports the filtered orders as CSV, one row per line, for admins only", async () => {
    const schools = (await client(shop.url).get<{ items: School[] }>("/api/schools")).body.items.map(
      (s) => s.name,
    );
    const res = await fetch(`${shop.url}/api/orders/export.csv?from=2025-06-02`, {
      headers: { authorization: `Bearer ${admin.token}`, ...after(position) },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toContain("attachment");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    const rows = text.trimEnd().split("\r\n");
    expect(rows[0]).toBe("Date,Order ID,Customer,School,Book,Quantity,Price (₹),Status,Delivered at");
    const body = rows.slice(1).filter((r) => Object.values(ids).some((id) => r.includes(id)));
    expect(body).toEqual([
      `2025-06-03 11:30,${ids.ashaLate},Asha Rao,${schoolAName},Book for Asha Rao,2,120.00,Processing,`,
      `2025-06-03 11:30,${ids.ashaLate},Asha Rao,${schoolAName},Geometry box,1,60.00,Processing,`,
      // A formula-looking name is data: quoted by csv-stringify and defused with an apostrophe.
      `2025-06-02 14:30,${ids.meera},"'=HYPERLINK(""x"")",,"Book for =HYPERLINK(""x"")",2,120.00,Pending,`,
      `2025-06-02 14:30,${ids.meera},"'=HYPERLINK(""x"")",,Geometry box,1,60.00,Pending,`,
      `2025-06-02 11:30,${ids.ravi},Ravi Kumar,${schools[1]},Book for Ravi Kumar,2,120.00,Delivered,2025-06-04 10:00`,
      `2025-06-02 11:30,${ids.ravi},Ravi Kumar,${schools[1]},Geometry box,1,60.00,Delivered,2025-06-04 10:00`,
    ]);
    const rider = await login(shop.url, "delivery@example.com", "delivery-pass-1");
    expect((await rider.api.get("/api/orders/export.csv")).status).toBe(403);
    expect((await client(shop.url).get("/api/orders/export.csv")).status).toBe(401);
    expect((await admin.api.get("/api/orders/export.csv?status=9")).status).toBe(400);
  });
});
