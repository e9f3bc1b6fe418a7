import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockApi } from "../../../testing/fetch-mock.ts";
import { anOrder, aUser } from "../../../testing/fixtures.ts";
import { renderApp } from "../../../testing/render.tsx";

const admin = aUser({ accType: 1, name: "Shop Admin" });
const order = anOrder({ status: 3, position: "82" });
const actor = (name: string, accType: number) => ({
  schemaVersion: 1,
  correlationId: "c",
  causationId: "c",
  actor: { kind: "user", userId: "u", name, accType },
});
const line = {
  productId: "3f2b8c1d-7e4a-4b6c-9d2e-1a2b3c4d5e6f",
  kind: "book",
  title: "Mathematics Class 8",
  author: "NCERT",
  imageUrl: "/media/books/maths8.png",
  pricePaise: 25_000,
  discountPaise: 2_500,
  quantity: 2,
};
const after = (status: number) => ({
  status,
  items: [line],
  totals: { pricePaise: 50_000, discountPaise: 5_000, payablePaise: 45_000 },
  shippingAddress: "12 MG Road, Pune",
});
const event = (type: string, revision: number, data: object, status: number, by: [string, number]) => ({
  type,
  revision,
  position: String(80 + revision),
  at: `2025-06-0${1 + revision}T10:00:00.000Z`,
  data,
  metadata: actor(...by),
  after: after(status),
});

describe("admin order view: the order's past", () => {
  it("shows, for the event chosen, the order right after it: status, lines, totals and who acted", async () => {
    mockApi({
      [`GET /api/orders/${order.id}`]: { body: order },
      [`GET /api/orders/${order.id}/events`]: {
        body: {
          items: [
            event("OrderPlaced", 0, { items: [line] }, 1, ["Asha Rao", 3]),
            event("OrderStatusChanged", 1, { from: 1, to: 2 }, 2, ["Shop Admin", 1]),
            event("OrderStatusChanged", 2, { from: 2, to: 3 }, 3, ["Ravi Rider", 2]),
          ],
        },
      },
    });
    renderApp(`/admin/viewOrder/${order.id}`, { user: admin });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("tab", { name: "Audit" }, { timeout: 5000 }));
    const entries = await screen.findAllByTestId("audit-entry");
    expect(screen.queryByTestId("past-status")).toBeNull();

    const choose = async (i: number) => {
      await user.click(within(entries[i] as HTMLElement).getAllByRole("button")[0] as HTMLElement);
      return within(await within(entries[i] as HTMLElement).findByRole("region"));
    };
    const placed = await choose(0);
    expect(placed.getByTestId("past-status")).toHaveTextContent("Status: Pending");
    expect(placed.getByText(/by Asha Rao \(Customer\)/)).toBeInTheDocument();
    expect(placed.getByRole("row", { name: "Mathematics Class 8 2 ₹450.00" })).toBeInTheDocument();
    expect(placed.getByTestId("past-totals")).toHaveTextContent(
      "Price ₹500.00 · Discount ₹50.00 · Payable ₹450.00",
    );

    const processing = await choose(1);
    expect(processing.getByTestId("past-status")).toHaveTextContent("Status: Processing");
    expect(processing.getByText(/by Shop Admin \(Admin\)/)).toBeInTheDocument();
    // One past at a time: choosing another event closes the first.
    expect(screen.getAllByTestId("past-status")).toHaveLength(1);

    const delivered = await choose(2);
    expect(delivered.getByTestId("past-status")).toHaveTextContent("Status: Delivered");
    expect(delivered.getByText(/by Ravi Rider \(Delivery\)/)).toBeInTheDocument();

    await user.click(within(entries[2] as HTMLElement).getAllByRole("button")[0] as HTMLElement);
    expect(screen.queryByTestId("past-status")).toBeNull();
  });

  it("names each book's school and class in the past lines, as everywhere outside a school page", async () => {
    const english = (id: string, schoolName: string) => ({
      ...line,
      productId: id,
      title: "English Class 1",
      schoolId: "58dd6465-0383-4b2a-9d3a-9289e0c5de98",
      schoolName,
      class: 1,
      quantity: 1,
    });
    const lines = [
      english("c37d5af8-b09c-4075-beb7-60a0477651cc", "Delhi Public School Pune"),
      english("cca8924a-0f90-4baf-a9a0-e112c9980e4c", "Kendriya Vidyalaya Andheri"),
    ];
    mockApi({
      [`GET /api/orders/${order.id}`]: { body: order },
      [`GET /api/orders/${order.id}/events`]: {
        body: {
          items: [
            {
              ...event("OrderPlaced", 0, { items: lines }, 1, ["Asha Rao", 3]),
              after: { ...after(1), items: lines },
            },
          ],
        },
      },
    });
    renderApp(`/admin/viewOrder/${order.id}`, { user: admin });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("tab", { name: "Audit" }, { timeout: 5000 }));
    const [placedEntry] = await screen.findAllByTestId("audit-entry");
    await user.click(within(placedEntry as HTMLElement).getAllByRole("button")[0] as HTMLElement);
    const past = within(await within(placedEntry as HTMLElement).findByRole("region"));
    expect(
      past.getByRole("row", { name: /English Class 1\s*Delhi Public School Pune · Class 1 1 / }),
    ).toBeInTheDocument();
    expect(
      past.getByRole("row", { name: /English Class 1\s*Kendriya Vidyalaya Andheri · Class 1 1 / }),
    ).toBeInTheDocument();
  });
});
