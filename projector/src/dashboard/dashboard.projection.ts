import {
  type BookListEvent,
  type DashboardDayDoc,
  type DashboardDoc,
  type DashboardOrderFactsDoc,
  type DashboardProductDoc,
  type DashboardSchoolDoc,
  type DashboardTotalsDoc,
  type DayFigures,
  dashboardCollection,
  dashboardIds,
  dayFiguresOf,
  emptyDayFigures,
  emptyTotalsFigures,
  istDayOf,
  type OrderEvent,
  type OrderPlacedData,
  OrderStatus,
  type ProductEvent,
  type ProductFigures,
  payablePaise,
  productFiguresOf,
  rooms,
  type SchoolEvent,
  type SchoolFigures,
  type StatusCounts,
  schoolFiguresOf,
  type TotalsFigures,
  totalsFiguresOf,
} from "@shop/contracts";
import { multiStream } from "../multiStreamWrite.ts";
import {
  type DocChange,
  type Owned,
  type ProjectedEvent,
  type Unpositioned,
  withOwned,
} from "../projection.ts";

type DashboardEvent = OrderEvent | BookListEvent | ProductEvent | SchoolEvent;
type Change = DocChange<DashboardDoc>;
type Own = (ids: string[]) => Owned<DashboardDoc>;

/** What the dashboard calls the share of an order that belongs to no school (notebooks, stationery). */
export const NO_SCHOOL = "No school";

/*
 * Each change copies the stored document once and changes the copy's figures in place: a replay
 * makes millions of these changes, and a copy through the figures' views (a rest pattern) and two
 * spreads cost some eight times as much (RESULTS.md, twenty-first session). The stored document is
 * never changed: `f` gets a copy of its own.
 */
const dayChange = (day: string, f: (d: Unpositioned<DashboardDayDoc>) => void): Change => ({
  id: dashboardIds.day(day),
  evolve: (doc) => {
    const next: Unpositioned<DashboardDayDoc> =
      doc?.kind === "day"
        ? { ...doc }
        : { _id: dashboardIds.day(day), kind: "day", group: day, ...emptyDayFigures(day) };
    f(next);
    return next;
  },
});

const schoolChange = (schoolId: string | null, f: (s: Unpositioned<DashboardSchoolDoc>) => void): Change => ({
  id: dashboardIds.school(schoolId),
  evolve: (doc) => {
    const next: Unpositioned<DashboardSchoolDoc> =
      doc?.kind === "school"
        ? { ...doc }
        : {
            _id: dashboardIds.school(schoolId),
            kind: "school",
            group: "",
            schoolId,
            name: schoolId ? "" : NO_SCHOOL,
            orders: 0,
            revenuePaise: 0,
            deliveredRevenuePaise: 0,
          };
    f(next);
    return next;
  },
});

const productChange = (productId: string, f: (p: DashboardProductDoc | null) => ProductFigures): Change => ({
  id: dashboardIds.product(productId),
  evolve: (doc) => {
    const figures = f(doc?.kind === "product" ? doc : null);
    return { _id: dashboardIds.product(productId), kind: "product", group: figures.productKind, ...figures };
  },
});

/** The status counts are an object of their own: the copy gets its own copy of them. */
const totalsChange = (f: (t: Unpositioned<DashboardTotalsDoc>) => void): Change => ({
  id: dashboardIds.totals,
  evolve: (doc) => {
    const next: Unpositioned<DashboardTotalsDoc> =
      doc?.kind === "totals"
        ? { ...doc, byStatus: { ...doc.byStatus } }
        : { _id: "totals", kind: "totals", group: "", ...emptyTotalsFigures() };
    f(next);
    return next;
  },
});

const STATUS_KEY: Record<OrderStatus, keyof StatusCounts> = {
  [OrderStatus.PENDING]: "pending",
  [OrderStatus.PROCESSING]: "processing",
  [OrderStatus.DELIVERED]: "delivered",
};

/** An order's payable total shared out by the school of each line's product (as the catalogue said then). */
const schoolShares = (d: OrderPlacedData, products: Map<string, DashboardDoc>) => {
  const shares = new Map<string | null, number>();
  for (const line of d.items) {
    const product = products.get(dashboardIds.product(line.productId));
    const schoolId = product?.kind === "product" ? product.schoolId : null;
    const paise = payablePaise(line.pricePaise, line.discountPaise) * line.quantity;
    shares.set(schoolId, (shares.get(schoolId) ?? 0) + paise);
  }
  return [...shares].map(([schoolId, payablePaise]) => ({ schoolId, payablePaise }));
};

type Line = {
  productId: string;
  kind: ProductFigures["productKind"];
  title: string;
  quantity: number;
  payablePaise: number;
};
/** One change per document: lines of one product (the shop never makes them, the log allows them) are added up. */
const linesByProduct = (d: OrderPlacedData): Line[] => {
  const lines = new Map<string, Line>();
  for (const l of d.items) {
    const seen = lines.get(l.productId);
    lines.set(l.productId, {
      productId: l.productId,
      kind: l.kind,
      title: l.title,
      quantity: (seen?.quantity ?? 0) + l.quantity,
      payablePaise: (seen?.payablePaise ?? 0) + payablePaise(l.pricePaise, l.discountPaise) * l.quantity,
    });
  }
  return [...lines.values()];
};

const orderPlaced = (d: OrderPlacedData, own: Own): Change[] | Promise<Change[]> =>
  withOwned(own(d.items.map((l) => dashboardIds.product(l.productId))), (products) =>
    placedChanges(d, schoolShares(d, products)),
  );

const placedChanges = (d: OrderPlacedData, schools: DashboardOrderFactsDoc["schools"]): Change[] => {
  const day = istDayOf(d.placedAt);
  const payable = d.totals.payablePaise;
  const facts: Omit<DashboardOrderFactsDoc, "position"> = {
    _id: dashboardIds.order(d.orderId),
    kind: "order",
    group: "",
    day,
    payablePaise: payable,
    schools,
  };
  return [
    { id: facts._id, evolve: (doc) => doc ?? facts },
    dayChange(day, (f) => {
      f.orders += 1;
      f.revenuePaise += payable;
    }),
    ...schools.map((s) =>
      schoolChange(s.schoolId, (f) => {
        f.orders += 1;
        f.revenuePaise += s.payablePaise;
      }),
    ),
    ...linesByProduct(d).map((line) =>
      productChange(line.productId, (p) => ({
        productId: line.productId,
        productKind: p?.productKind ?? line.kind,
        title: p?.title ?? line.title,
        schoolId: p?.schoolId ?? null,
        quantity: (p?.quantity ?? 0) + line.quantity,
        revenuePaise: (p?.revenuePaise ?? 0) + line.payablePaise,
      })),
    ),
    totalsChange((t) => {
      t.orders += 1;
      t.revenuePaise += payable;
      t.byStatus.pending += 1;
    }),
  ];
};

/**
 * A status change moves one order between the status counts; into or out of Delivered it also
 * moves the order's payable total into or out of the delivered figures of the day it was placed
 * and of its schools.
 */
const statusMoved = (
  orderId: string,
  from: OrderStatus,
  to: OrderStatus,
  own: Own,
): Change[] | Promise<Change[]> => {
  if (from === to) return [];
  const sign = to === OrderStatus.DELIVERED ? 1 : from === OrderStatus.DELIVERED ? -1 : 0;
  if (!sign) return movedChanges(from, to, sign, null);
  const id = dashboardIds.order(orderId);
  return withOwned(own([id]), (docs) => {
    const facts = docs.get(id);
    return movedChanges(from, to, sign, facts?.kind === "order" ? facts : null);
  });
};

const movedChanges = (
  from: OrderStatus,
  to: OrderStatus,
  sign: number,
  facts: DashboardOrderFactsDoc | null,
): Change[] => {
  const delivered = facts ? sign * facts.payablePaise : 0;
  const changes: Change[] = [
    totalsChange((t) => {
      t.deliveredRevenuePaise += delivered;
      t.byStatus[STATUS_KEY[from]] -= 1;
      t.byStatus[STATUS_KEY[to]] += 1;
    }),
  ];
  if (!facts) return changes;
  return [
    dayChange(facts.day, (f) => {
      f.deliveredOrders += sign;
      f.deliveredRevenuePaise += delivered;
    }),
    ...facts.schools.map((s) =>
      schoolChange(s.schoolId, (f) => {
        f.deliveredRevenuePaise += sign * s.payablePaise;
      }),
    ),
    ...changes,
  ];
};

const waiting = (by: number): Change[] => [
  totalsChange((t) => {
    t.bookListsWaiting += by;
  }),
];

/**
 * The sales dashboard (issue 21): figures summed across every order, book list, product and
 * school stream, so a multi-stream projection (guarded by the global log position). Days are IST
 * days of `placedAt`; revenue is the payable total of the orders placed that day, delivered
 * revenue the part of it whose orders are delivered now. Removed products and schools keep their
 * figures: what was sold stays sold.
 */
export const dashboardProjection = multiStream<DashboardDoc, DashboardEvent>({
  name: "dashboard",
  collection: dashboardCollection.name,
  indexes: dashboardCollection.indexes,
  canHandle: [
    "OrderPlaced",
    "OrderStatusChanged",
    "OrderDelivered",
    "BookListUploaded",
    "BookListOrdered",
    "BookListDiscarded",
    "ProductAdded",
    "ProductUpdated",
    "SchoolRegistered",
    "SchoolUpdated",
  ],
  changes(e: ProjectedEvent<DashboardEvent>, own): Change[] | Promise<Change[]> {
    switch (e.type) {
      case "OrderPlaced":
        return orderPlaced(e.data, own);
      case "OrderStatusChanged":
        return statusMoved(e.data.orderId, e.data.from, e.data.to, own);
      case "OrderDelivered":
        return statusMoved(e.data.orderId, e.data.from, OrderStatus.DELIVERED, own);
      // The book-list decider allows only open → ordered and open → discarded.
      case "BookListUploaded":
        return waiting(1);
      case "BookListOrdered":
      case "BookListDiscarded":
        return waiting(-1);
      case "ProductAdded":
      case "ProductUpdated": {
        const d = e.data;
        return [
          productChange(d.productId, (p) => ({
            productId: d.productId,
            productKind: d.kind,
            title: d.title,
            schoolId: d.schoolId ?? null,
            quantity: p?.quantity ?? 0,
            revenuePaise: p?.revenuePaise ?? 0,
          })),
        ];
      }
      case "SchoolRegistered":
      case "SchoolUpdated": {
        const { schoolId, name } = e.data;
        return [
          schoolChange(schoolId, (f) => {
            f.name = name;
          }),
        ];
      }
      default:
        return [];
    }
  },
  notify(changed, e) {
    const payload: {
      totals?: TotalsFigures;
      day?: DayFigures;
      schools: SchoolFigures[];
      products: ProductFigures[];
    } = { schools: [], products: [] };
    for (const doc of changed) {
      if (doc.kind === "totals") payload.totals = totalsFiguresOf(doc);
      else if (doc.kind === "day") payload.day = dayFiguresOf(doc);
      else if (doc.kind === "school" && doc.orders > 0) payload.schools.push(schoolFiguresOf(doc));
      else if (doc.kind === "product" && doc.quantity > 0) payload.products.push(productFiguresOf(doc));
    }
    const { schools, products, ...rest } = payload;
    if (!rest.totals && !rest.day && !schools.length && !products.length) return [];
    return [
      {
        rooms: [rooms.admin],
        event: "dashboard.updated",
        payload: {
          position: e.position,
          ...rest,
          ...(schools.length && { schools }),
          ...(products.length && { products }),
        },
      },
    ];
  },
});
