import type { DashboardDoc, DomainEvent, LiveMessage } from "@shop/contracts";
import { orderLine, orderPlaced, orderStatusChanged } from "@shop/contracts/testing";
import { createMemoryDocumentStore, type DocumentStore } from "@shop/platform";
import { describe, expect, it } from "vitest";
import { applyEvent } from "../guardedWrite.ts";
import { applyMultiStreamChanges, type MultiStreamAccess } from "../multiStreamWrite.ts";
import type { Notification, PositionedDoc, ProjectedEvent } from "../projection.ts";
import { recorded } from "../testing/events.ts";
import { dashboardProjection, NO_SCHOOL } from "./dashboard.projection.ts";

const SCHOOL = "a1b2c3d4-0000-4000-8000-000000000001";
const BOOK = "b0000000-0000-4000-8000-000000000001";
const NOTEBOOK = "b0000000-0000-4000-8000-000000000002";
const order = (n: number) => `d0000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

/** Events of many streams in one log: global positions 1.., revisions counted per stream. */
const inLog = (events: [stream: string, event: DomainEvent][]): ProjectedEvent[] => {
  const revisions = new Map<string, number>();
  return events.map(([stream, e], i) => {
    const revision = revisions.get(stream) ?? 0;
    revisions.set(stream, revision + 1);
    const [r] = recorded(stream, [e], i + 1);
    return { ...(r as ProjectedEvent), revision };
  });
};

const project = async (log: ProjectedEvent[], docs: DocumentStore = createMemoryDocumentStore()) => {
  const notes: Notification[] = [];
  for (const e of log) notes.push(...(await applyEvent(docs, dashboardProjection, e)));
  const all = await docs.collection<DashboardDoc>("dashboard").find({}, { sort: { _id: 1 } });
  const byId = (id: string) => all.find((d) => d._id === id) as Record<string, unknown> | undefined;
  return { docs, notes, all, byId };
};

const catalogue: [string, DomainEvent][] = [
  [
    `school-${SCHOOL}`,
    {
      type: "SchoolRegistered",
      data: {
        schoolId: SCHOOL,
        name: "Delhi Public School",
        imageUrl: "",
        location: "Pune",
        area: "Kothrud",
        district: "Pune",
        state: "Maharashtra",
        pincode: 411038,
        board: "CBSE",
        medium: "English",
      },
    },
  ],
  [
    `product-${BOOK}`,
    {
      type: "ProductAdded",
      data: {
        productId: BOOK,
        kind: "book",
        title: "Mathematics Class 8",
        author: "R. D. Sharma",
        publisher: "Dhanpat Rai",
        publishedOn: "2024",
        edition: "1",
        language: "English",
        schoolId: SCHOOL,
        class: 8,
        pricePaise: 24000,
        discountPaise: 2000,
        description: "",
        imageUrl: "",
      },
    },
  ],
];
const mathsLine = orderLine({
  productId: BOOK,
  kind: "book",
  title: "Mathematics Class 8",
  pricePaise: 24000,
  discountPaise: 2000,
  quantity: 1,
});
const notebookLine = orderLine({ productId: NOTEBOOK, pricePaise: 6500, discountPaise: 500, quantity: 2 });
const placed = (n: number, placedAt: string, items = [mathsLine, notebookLine]): [string, DomainEvent] => [
  `order-${order(n)}`,
  orderPlaced({ orderId: order(n), placedAt, items }),
];

describe("the dashboard projection (multi-stream, guarded by the global position)", () => {
  it("counts an order on its India Standard Time day: 23:59 IST is the same day, 00:00 IST the next", async () => {
    const { byId } = await project(
      inLog([
        placed(1, "2026-11-23T18:29:59.999Z", [mathsLine]), // 23:59:59.999 IST on the 23rd
        placed(2, "2026-11-23T18:30:00.000Z", [mathsLine]), // 00:00 IST on the 24th
        placed(3, "2026-11-23T00:00:00.000Z", [mathsLine]), // 05:30 IST on the 23rd
      ]),
    );
    expect(byId("day:2026-11-23")).toMatchObject({ orders: 2, revenuePaise: 44000 });
    expect(byId("day:2026-11-24")).toMatchObject({ orders: 1, revenuePaise: 22000 });
    expect(byId("day:2026-11-22")).toBeUndefined();
  });

  it("keeps revenue (payable totals placed that day) and beside it the delivered part", async () => {
    const { byId } = await project(
      inLog([
        ...catalogue,
        placed(1, "2026-11-22T04:00:00.000Z"), // 22000 + 12000
        placed(2, "2026-11-22T05:00:00.000Z", [notebookLine]), // 12000
        [
          `order-${order(1)}`,
          {
            type: "OrderDelivered",
            data: { orderId: order(1), from: 1, deliveredAt: "2026-11-25T09:00:00.000Z" },
          },
        ],
      ]),
    );
    // Delivered on the 25th, but counted beside the day it was placed.
    expect(byId("day:2026-11-22")).toMatchObject({
      orders: 2,
      revenuePaise: 46000,
      deliveredOrders: 1,
      deliveredRevenuePaise: 34000,
    });
    expect(byId("day:2026-11-25")).toBeUndefined();
    expect(byId("totals")).toMatchObject({
      orders: 2,
      revenuePaise: 46000,
      deliveredRevenuePaise: 34000,
      byStatus: { pending: 1, processing: 0, delivered: 1 },
    });
    // The school gets its book's share, the notebooks belong to no school.
    expect(byId(`school:${SCHOOL}`)).toMatchObject({
      name: "Delhi Public School",
      orders: 1,
      revenuePaise: 22000,
      deliveredRevenuePaise: 22000,
    });
    expect(byId("school:none")).toMatchObject({
      name: NO_SCHOOL,
      orders: 2,
      revenuePaise: 24000,
      deliveredRevenuePaise: 12000,
    });
    expect(byId(`product:${NOTEBOOK}`)).toMatchObject({
      productKind: "notebook",
      quantity: 4,
      revenuePaise: 24000,
    });
    expect(byId(`product:${BOOK}`)).toMatchObject({ productKind: "book", quantity: 1, schoolId: SCHOOL });
  });

  it("moves an order between the status counts, and out of the delivered figures when it leaves Delivered", async () => {
    const o = order(1);
    const steps: [string, DomainEvent][] = [
      ...catalogue,
      placed(1, "2026-11-22T04:00:00.000Z", [mathsLine]),
      [`order-${o}`, orderStatusChanged(1, 2, o)],
      [`order-${o}`, orderStatusChanged(2, 3, o)],
    ];
    const delivered = await project(inLog(steps));
    expect(delivered.byId("totals")).toMatchObject({
      byStatus: { pending: 0, processing: 0, delivered: 1 },
      deliveredRevenuePaise: 22000,
    });
    expect(delivered.byId("day:2026-11-22")).toMatchObject({
      deliveredOrders: 1,
      deliveredRevenuePaise: 22000,
    });

    const back = await project(inLog([...steps, [`order-${o}`, orderStatusChanged(3, 2, o)]]));
    expect(back.byId("totals")).toMatchObject({
      orders: 1,
      revenuePaise: 22000,
      byStatus: { pending: 0, processing: 1, delivered: 0 },
      deliveredRevenuePaise: 0,
    });
    expect(back.byId("day:2026-11-22")).toMatchObject({ deliveredOrders: 0, deliveredRevenuePaise: 0 });
    expect(back.byId(`school:${SCHOOL}`)).toMatchObject({ revenuePaise: 22000, deliveredRevenuePaise: 0 });
  });

  it("counts book lists waiting: uploaded and neither ordered nor discarded", async () => {
    const list = (n: number) => `e0000000-0000-4000-8000-00000000000${n}`;
    const customer = { userId: order(9), name: "Asha", email: "asha@example.com", contact: "98765" };
    const uploaded = (n: number): [string, DomainEvent] => [
      `booklist-${list(n)}`,
      {
        type: "BookListUploaded",
        data: {
          bookListId: list(n),
          customer,
          shippingAddress: "Pune",
          imageUrl: "/media/bookList/a.png",
          uploadedAt: "2026-11-22T04:00:00.000Z",
        },
      },
    ];
    const { byId } = await project(
      inLog([
        uploaded(1),
        uploaded(2),
        uploaded(3),
        [
          `booklist-${list(1)}`,
          {
            type: "BookListOrdered",
            data: { bookListId: list(1), orderId: order(1), orderedAt: "2026-11-22T05:00:00.000Z" },
          },
        ],
        [
          `booklist-${list(2)}`,
          {
            type: "BookListDiscarded",
            data: { bookListId: list(2), discardedAt: "2026-11-22T05:00:00.000Z" },
          },
        ],
      ]),
    );
    expect(byId("totals")).toMatchObject({ bookListsWaiting: 1 });
  });

  it("skips every event at or before a document's position: replaying the log from any point changes nothing", async () => {
    const o = order(1);
    const log = inLog([
      ...catalogue,
      placed(1, "2026-11-22T04:00:00.000Z"),
      placed(2, "2026-11-22T05:00:00.000Z"),
      [`order-${o}`, orderStatusChanged(1, 3, o)],
    ]);
    const once = await project(log);
    for (const from of [0, 2, 4]) {
      const again = await project(log.slice(from), once.docs);
      expect(again.all).toEqual(once.all);
      expect(again.notes).toEqual([]);
    }
    // Each document stores the position of the last event that changed it.
    expect(once.byId("totals")?.position).toBe("5");
    expect(once.byId(`product:${NOTEBOOK}`)?.position).toBe("4");
    expect(once.byId(`order:${o}`)?.position).toBe("3");
  });

  it("finishes an event a failure interrupted: documents already written are skipped, the rest applied", async () => {
    const log = inLog([...catalogue, placed(1, "2026-11-22T04:00:00.000Z")]);
    const whole = await project(log);
    // The failure struck after the order's facts and day were written, before its school, products and totals.
    const docs = createMemoryDocumentStore();
    await project(log.slice(0, 2), docs);
    const placedEvent = log[2] as ProjectedEvent;
    const coll = docs.collection<DashboardDoc>("dashboard");
    const own = async (ids: string[]) =>
      new Map((await coll.find({ _id: { $in: ids } })).map((d) => [d._id, d] as const));
    const written = (await dashboardProjection.changes(placedEvent as never, own)).slice(0, 2);
    for (const c of written) {
      const next = { ...c.evolve(null), position: placedEvent.position } as DashboardDoc;
      await coll.replaceOne({ _id: c.id }, next, { upsert: true });
    }
    const resumed = await project([placedEvent], docs);
    expect(resumed.all).toEqual(whole.all);
  });

  it("builds the same documents on a replay's own working set as on the store (the rebuild's seam)", async () => {
    const o = order(1);
    const log = inLog([
      ...catalogue,
      placed(1, "2026-11-22T04:00:00.000Z"),
      placed(2, "2026-11-22T20:00:00.000Z"),
      [`order-${o}`, orderStatusChanged(1, 3, o)],
    ]);
    const held = new Map<string, PositionedDoc>();
    const access: MultiStreamAccess = {
      read: async (ids) =>
        new Map(ids.flatMap((id) => (held.has(id) ? [[id, held.get(id) as PositionedDoc]] : []))),
      async write(id, _previous, next) {
        if (next) held.set(id, next);
        else held.delete(id);
        return true;
      },
    };
    for (const e of log) await applyMultiStreamChanges(access, dashboardProjection, e);
    const stored = await project(log);
    expect([...held.values()].sort((a, b) => (a._id < b._id ? -1 : 1))).toEqual(stored.all);
  });

  it("never changes a document it read: every change works on a copy of its own (the store's documents may be shared)", async () => {
    const o = order(1);
    const registered = catalogue[0]?.[1] as Extract<DomainEvent, { type: "SchoolRegistered" }>;
    const log = inLog([
      ...catalogue,
      placed(1, "2026-11-22T04:00:00.000Z"),
      placed(2, "2026-11-22T05:00:00.000Z"),
      [`order-${o}`, orderStatusChanged(1, 3, o)],
      [`order-${o}`, orderStatusChanged(3, 1, o)],
      [`school-${SCHOOL}`, { type: "SchoolUpdated", data: { ...registered.data, name: "DPS Pune" } }],
    ]);
    const deepFreeze = <T>(value: T): T => {
      if (value && typeof value === "object")
        for (const v of Object.values(Object.freeze(value))) deepFreeze(v);
      return value;
    };
    // Documents as stored, frozen: a change made to one (not to a copy) throws in strict mode.
    const held = new Map<string, PositionedDoc>();
    const access: MultiStreamAccess = {
      read: async (ids) =>
        new Map(ids.flatMap((id) => (held.has(id) ? [[id, held.get(id) as PositionedDoc]] : []))),
      async write(id, _previous, next) {
        if (next) held.set(id, deepFreeze(next));
        else held.delete(id);
        return true;
      },
    };
    for (const e of log) await applyMultiStreamChanges(access, dashboardProjection, e);
    const stored = await project(log);
    expect([...held.values()].sort((a, b) => (a._id < b._id ? -1 : 1))).toEqual(stored.all);
    expect(stored.byId("totals")).toMatchObject({
      orders: 2,
      byStatus: { pending: 2, processing: 0, delivered: 0 },
    });
    expect(stored.byId(`school:${SCHOOL}`)).toMatchObject({ name: "DPS Pune", orders: 2 });
  });

  it("tells the admin room the figures an event changed, whole", async () => {
    const { notes } = await project(inLog([...catalogue, placed(1, "2026-11-22T04:00:00.000Z")]));
    const last = notes.at(-1) as Notification & LiveMessage;
    expect(last.rooms).toEqual(["role:admin"]);
    expect(last.event).toBe("dashboard.updated");
    expect(last.payload).toEqual({
      position: "3",
      totals: {
        orders: 1,
        revenuePaise: 34000,
        deliveredRevenuePaise: 0,
        byStatus: { pending: 1, processing: 0, delivered: 0 },
        bookListsWaiting: 0,
      },
      day: {
        day: "2026-11-22",
        orders: 1,
        revenuePaise: 34000,
        deliveredOrders: 0,
        deliveredRevenuePaise: 0,
      },
      schools: [
        {
          schoolId: SCHOOL,
          name: "Delhi Public School",
          orders: 1,
          revenuePaise: 22000,
          deliveredRevenuePaise: 0,
        },
        { schoolId: null, name: NO_SCHOOL, orders: 1, revenuePaise: 12000, deliveredRevenuePaise: 0 },
      ],
      products: [
        {
          productId: BOOK,
          productKind: "book",
          title: "Mathematics Class 8",
          schoolId: SCHOOL,
          quantity: 1,
          revenuePaise: 22000,
        },
        {
          productId: NOTEBOOK,
          productKind: "notebook",
          title: "Classmate Notebook",
          schoolId: null,
          quantity: 2,
          revenuePaise: 12000,
        },
      ],
    });
    // A catalogue event before any sale moves no figure the dashboard shows.
    expect(notes.filter((n) => n.event === "dashboard.updated")).toHaveLength(1);
  });
});
