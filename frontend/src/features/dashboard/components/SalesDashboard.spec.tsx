import type { Dashboard, DayFigures } from "@shop/contracts";
import { act, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { installFakeSocket } from "../../../testing/fake-socket.ts";
import { mockApi } from "../../../testing/fetch-mock.ts";
import { aUser } from "../../../testing/fixtures.ts";
import { renderApp } from "../../../testing/render.tsx";

const admin = aUser({ accType: 1 });
const SCHOOL = "a1b2c3d4-0000-4000-8000-000000000001";
const book = (n: number, quantity: number) => ({
  productId: `b0000000-0000-4000-8000-00000000000${n}`,
  productKind: "book" as const,
  title: `Book ${n}`,
  schoolId: null,
  quantity,
  revenuePaise: quantity * 10_000,
});
const day = (i: number, over: Partial<DayFigures> = {}): DayFigures => ({
  day: `2026-11-${String(i).padStart(2, "0")}`,
  orders: 0,
  revenuePaise: 0,
  deliveredOrders: 0,
  deliveredRevenuePaise: 0,
  ...over,
});
// 30 IST days, 26 October to 24 November: two of them with orders.
const days = [
  ...Array.from({ length: 6 }, (_, i) => ({ ...day(1), day: `2026-10-${26 + i}` })),
  ...Array.from({ length: 24 }, (_, i) => day(i + 1)),
].map((d) =>
  d.day === "2026-11-23"
    ? { ...d, orders: 2, revenuePaise: 150_000, deliveredOrders: 1, deliveredRevenuePaise: 50_000 }
    : d.day === "2026-11-24"
      ? { ...d, orders: 1, revenuePaise: 30_000 }
      : d,
);
const dashboard: Dashboard = {
  position: "100",
  today: "2026-11-24",
  days,
  schools: [
    {
      schoolId: SCHOOL,
      name: "Delhi Public School",
      orders: 3,
      revenuePaise: 150_000,
      deliveredRevenuePaise: 50_000,
    },
    { schoolId: null, name: "No school", orders: 1, revenuePaise: 30_000, deliveredRevenuePaise: 0 },
  ],
  topBooks: Array.from({ length: 10 }, (_, i) => book(i, 20 - i)),
  topNotebooks: [],
  totals: {
    orders: 3,
    revenuePaise: 180_000,
    deliveredRevenuePaise: 50_000,
    byStatus: { pending: 1, processing: 1, delivered: 1 },
    bookListsWaiting: 4,
  },
  averageOrderPaise: 60_000,
};

const figure = (label: string) =>
  within(screen.getByRole("group", { name: label })).getByTestId("figure-value").textContent;

describe("the sales dashboard", () => {
  it("shows the 30-day figures, statuses, schools and top books, and moves them on dashboard.updated", async () => {
    const socket = installFakeSocket();
    const api = mockApi({ "GET /api/dashboard": { body: dashboard } });
    renderApp("/admin/dashboard", { user: admin });

    // The route's chunk brings the charts: the first import in a test run takes a while.
    expect(
      await screen.findByRole("heading", { name: "Sales Dashboard" }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    await screen.findByRole("group", { name: "Revenue, last 30 days" });
    expect(figure("Revenue, last 30 days")).toBe("₹1,800.00");
    expect(figure("Delivered revenue, last 30 days")).toBe("₹500.00");
    expect(figure("Orders, last 30 days")).toBe("3");
    expect(figure("Average order value")).toBe("₹600.00");
    expect(figure("Book lists waiting")).toBe("4");
    expect(figure("Pending")).toBe("1");
    expect(figure("Delivered")).toBe("1");
    const schools = screen.getByRole("table", { name: "Per school" });
    expect(within(schools).getAllByRole("row")[1]).toHaveTextContent("Delhi Public School3₹1,500.00₹500.00");
    expect(within(screen.getByRole("table", { name: "Top 10 books" })).getAllByRole("row")).toHaveLength(11);
    expect(screen.getByText("No notebooks sold yet.")).toBeInTheDocument();
    // The daily charts' figures as a table too: a screen reader reads no bar.
    const perDay = screen.getByRole("table", { name: "Figures per day" });
    expect(within(perDay).getAllByRole("row")).toHaveLength(31);
    expect(within(perDay).getByRole("row", { name: /^23 Nov/ })).toHaveTextContent("23 Nov₹1,500.00₹500.002");

    // An order of 5 copies of a new book (₹1,000) is placed today; then the pending one is delivered.
    await waitFor(() => expect(socket.listenerCount("dashboard.updated")).toBeGreaterThan(0));
    const fresh = {
      ...book(9, 0),
      productId: "b0000000-0000-4000-8000-0000000000ff",
      title: "New Reader",
      quantity: 25,
      revenuePaise: 100_000,
    };
    await socket.serverEmit("dashboard.updated", {
      position: "101",
      totals: {
        ...dashboard.totals,
        orders: 4,
        revenuePaise: 280_000,
        byStatus: { pending: 2, processing: 1, delivered: 1 },
      },
      day: { ...day(24), orders: 2, revenuePaise: 130_000 },
      schools: [
        { schoolId: null, name: "No school", orders: 2, revenuePaise: 130_000, deliveredRevenuePaise: 0 },
      ],
      products: [fresh],
    });
    await waitFor(() => expect(figure("Revenue, last 30 days")).toBe("₹2,800.00"));
    expect(figure("Orders, last 30 days")).toBe("4");
    expect(figure("Average order value")).toBe("₹700.00");
    expect(figure("Pending")).toBe("2");
    const top = within(screen.getByRole("table", { name: "Top 10 books" })).getAllByRole("row");
    expect(top).toHaveLength(11);
    expect(top[1]).toHaveTextContent("New Reader25");
    expect(screen.queryByText("Book 9")).not.toBeInTheDocument();
    expect(
      within(screen.getByRole("table", { name: "Per school" })).getAllByRole("row")[2],
    ).toHaveTextContent("No school2₹1,300.00");

    // An update the screen already holds (an older position) changes nothing.
    await socket.serverEmit("dashboard.updated", { position: "100", totals: dashboard.totals });
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(figure("Pending")).toBe("2");
    expect(api.callsTo("GET", "/api/dashboard")).toHaveLength(1);
  });

  it("fetches the figures again after a lost connection: the updates missed meanwhile are in the answer", async () => {
    const socket = installFakeSocket();
    let answer = dashboard;
    const api = mockApi({ "GET /api/dashboard": () => ({ body: answer }) });
    renderApp("/admin/dashboard", { user: admin });
    await screen.findByRole("group", { name: "Book lists waiting" }, { timeout: 15_000 });
    expect(figure("Book lists waiting")).toBe("4");
    await waitFor(() => expect(socket.listenerCount("connect")).toBeGreaterThan(0));

    answer = { ...dashboard, position: "150", totals: { ...dashboard.totals, bookListsWaiting: 6 } };
    socket.disconnect();
    socket.connect();
    await waitFor(() => expect(figure("Book lists waiting")).toBe("6"));
    expect(api.callsTo("GET", "/api/dashboard")).toHaveLength(2);
  });

  it("is for admins only", async () => {
    mockApi({ "GET /api/dashboard": { body: dashboard } });
    renderApp("/admin/dashboard", { user: aUser({ accType: 2 }) });
    expect(await screen.findByText("You Don't have Admin Permissions")).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Sales Dashboard" })).not.toBeInTheDocument();
  });

  it("names the school of each top book: two 'English Class 1' of two schools are told apart", async () => {
    installFakeSocket();
    const OTHER = "a1b2c3d4-0000-4000-8000-000000000002";
    const english = (n: number, schoolId: string) => ({
      ...book(n, 5 - n),
      title: "English Class 1",
      schoolId,
    });
    mockApi({
      "GET /api/dashboard": {
        body: {
          ...dashboard,
          schools: [
            ...dashboard.schools,
            {
              schoolId: OTHER,
              name: "Kendriya Vidyalaya Andheri",
              orders: 1,
              revenuePaise: 1,
              deliveredRevenuePaise: 0,
            },
          ],
          topBooks: [english(1, SCHOOL), english(2, OTHER)],
        },
      },
    });
    renderApp("/admin/dashboard", { user: admin });
    const table = await screen.findByRole("table", { name: "Top 10 books" }, { timeout: 15_000 });
    const rows = within(table).getAllByRole("row");
    expect(rows[1]).toHaveTextContent(/^English Class 1\s*Delhi Public School4/);
    expect(rows[2]).toHaveTextContent(/^English Class 1\s*Kendriya Vidyalaya Andheri3/);
  });
});
