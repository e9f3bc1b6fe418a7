import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockApi, problem, type RecordedCall } from "../../../testing/fetch-mock.ts";
import { anOrderSummary, aUser } from "../../../testing/fixtures.ts";
import { renderApp } from "../../../testing/render.tsx";

const admin = aUser({ accType: 1 });
/** The first render loads the admin page's lazy chunk: over a second on a busy machine. */
const SLOW = { timeout: 5000 };
const school = { id: "7b0e4f9c-2a1d-4c3b-9e8f-0a1b2c3d4e5f", name: "Kendriya Vidyalaya Pune" };
const pending = anOrderSummary();
const processing = anOrderSummary({
  id: "9a8b7c6d-1234-4abc-8def-00000000abcd",
  shortId: "0000abcd",
  status: 2,
  customer: { name: "Vikram Singh", email: "vikram@example.com", contact: "+91 90000 22222" },
});

/** The server's answer: filters by status only, enough to see the page send and show them. */
const ordersApi = () =>
  mockApi({
    "GET /api/schools": { body: { items: [{ ...school, address: "Pune", imageUrl: "" }] } },
    "GET /api/orders": (call: RecordedCall) => {
      const status = new URL(call.url, "http://x").searchParams.get("status");
      if (status === "9")
        return problem(400, "Invalid input", {
          errors: [{ path: "status", message: "Unknown order status" }],
        });
      const items = [processing, pending].filter((o) => !status || String(o.status) === status);
      return { body: { items } };
    },
  });

const lastQuery = (api: ReturnType<typeof ordersApi>) =>
  new URL(api.callsTo("GET", "/api/orders").at(-1)?.url ?? "", "http://x").searchParams;

describe("admin orders page: filters and export", () => {
  it("takes its filters from the URL, asks the server with them and shows them in the form", async () => {
    const api = ordersApi();
    renderApp(`/admin/viewOrders?status=2&school=${school.id}&customer=vik&from=2025-06-01`, { user: admin });
    await waitFor(() => expect(screen.getAllByTestId("staff-order-row")).toHaveLength(1), SLOW);
    expect(screen.getByText("#0000abcd")).toBeInTheDocument();
    const q = lastQuery(api);
    expect(Object.fromEntries(q)).toEqual({
      scope: "all",
      status: "2",
      school: school.id,
      customer: "vik",
      from: "2025-06-01",
    });
    const form = screen.getByRole("search", { name: "Filter orders" });
    expect(within(form).getByLabelText("Status")).toHaveValue("2");
    expect(within(form).getByLabelText("Customer")).toHaveValue("vik");
    expect(await within(form).findByRole("option", { name: school.name })).toBeInTheDocument();
    expect(within(form).getByLabelText("School")).toHaveValue(school.id);
    expect(screen.getByRole("link", { name: "Export CSV" })).toHaveAttribute(
      "href",
      `/api/orders/export.csv?status=2&from=2025-06-01&school=${school.id}&customer=vik`,
    );
  });

  it("applies edited filters to the URL, the list and the export link; Clear shows every order again", async () => {
    const api = ordersApi();
    const { router } = renderApp("/admin/viewOrders", { user: admin });
    await waitFor(() => expect(screen.getAllByTestId("staff-order-row")).toHaveLength(2), SLOW);
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText("Status"), "Pending");
    await user.type(screen.getByLabelText("Order ID"), "#1a2b");
    await user.click(screen.getByRole("button", { name: "Apply filters" }));

    await waitFor(() => expect(screen.getAllByTestId("staff-order-row")).toHaveLength(1));
    expect(router.state.location.search).toBe("?status=1&orderId=%231a2b");
    expect(Object.fromEntries(lastQuery(api))).toEqual({ scope: "all", status: "1", orderId: "#1a2b" });
    expect(screen.getByRole("link", { name: "Export CSV" })).toHaveAttribute(
      "href",
      "/api/orders/export.csv?status=1&orderId=%231a2b",
    );

    await user.click(screen.getByRole("button", { name: "Clear" }));
    await waitFor(() => expect(screen.getAllByTestId("staff-order-row")).toHaveLength(2));
    expect(router.state.location.search).toBe("");
    expect(screen.getByLabelText("Status")).toHaveValue("");
  });

  it("says what is wrong with a filter the server refuses", async () => {
    ordersApi();
    renderApp("/admin/viewOrders?status=9", { user: admin });
    expect(await screen.findByText("Unknown order status", {}, SLOW)).toBeInTheDocument();
  });

  it("marks a mistyped order id at the field and asks the server nothing (no 400 in the console)", async () => {
    const api = ordersApi();
    const { router } = renderApp("/admin/viewOrders", { user: admin });
    await waitFor(() => expect(screen.getAllByTestId("staff-order-row")).toHaveLength(2), SLOW);
    const asked = api.callsTo("GET", "/api/orders").length;
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Order ID"), "Meera");
    await user.click(screen.getByRole("button", { name: "Apply filters" }));

    expect(
      await screen.findByText("An order id is up to 8 characters of 0-9 and a-f, or the whole id"),
    ).toBeInTheDocument();
    expect(screen.getByLabelText("Order ID")).toHaveAttribute("aria-invalid", "true");
    expect(router.state.location.search).toBe("");
    expect(api.callsTo("GET", "/api/orders")).toHaveLength(asked);
    expect(screen.getAllByTestId("staff-order-row")).toHaveLength(2);

    // Corrected, it applies.
    await user.clear(screen.getByLabelText("Order ID"));
    await user.type(screen.getByLabelText("Order ID"), "#0000abcd");
    await user.click(screen.getByRole("button", { name: "Apply filters" }));
    await waitFor(() => expect(router.state.location.search).toBe("?orderId=%230000abcd"));
    expect(screen.getByLabelText("Order ID")).not.toHaveAttribute("aria-invalid", "true");
  });
});
