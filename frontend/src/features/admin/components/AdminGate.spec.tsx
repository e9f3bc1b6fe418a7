import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockApi } from "../../../testing/fetch-mock.ts";
import { aUser } from "../../../testing/fixtures.ts";
import { renderApp } from "../../../testing/render.tsx";

const admin = aUser({ accType: 1 });

describe("admin gate", () => {
  it.each([
    ["a customer", 3],
    ["delivery staff", 2],
  ] as const)("shows %s the no-permission text with a way home", async (_who, accType) => {
    mockApi({});
    renderApp("/admin/addSchool", { user: aUser({ accType }) });
    expect(await screen.findByText("You Don't have Admin Permissions")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
    expect(screen.queryByRole("form", { name: "Add School" })).not.toBeInTheDocument();
  });

  it("shows an admin the panel's eight buttons, Users and the sales dashboard", async () => {
    mockApi({});
    renderApp("/admin", { user: admin });
    const nav = await screen.findByRole("navigation", { name: "Admin" });
    const links = [...nav.querySelectorAll("a")].map((a) => [a.textContent, a.getAttribute("href")]);
    expect(links).toEqual([
      ["Add School", "/admin/addSchool"],
      ["Add School Books", "/admin/addSchoolBooks"],
      ["Edit School Books", "/admin/editSchoolBooks"],
      ["Stationery", "/admin/stationeries"],
      ["View Orders", "/admin/viewOrders"],
      ["View Booklist", "/admin/bookList"],
      ["View Messages", "/admin/viewMessages"],
      ["Promotions", "/admin/promotions"],
      ["Users", "/admin/users"],
      ["Sales Dashboard", "/admin/dashboard"],
    ]);
  });

  it("shows only a label on the exam books placeholder", async () => {
    mockApi({});
    renderApp("/admin/addExamBooks", { user: admin });
    expect(await screen.findByRole("heading", { name: "Add Exam Books" })).toBeInTheDocument();
  });

  it("sends a logged-out visitor to /login", async () => {
    mockApi({});
    const { router } = renderApp("/admin/promotions");
    expect(await screen.findByRole("form", { name: "Login" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/login");
  });
});
