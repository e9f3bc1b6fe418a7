import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockApi } from "../../testing/fetch-mock.ts";
import { anOrder, aUser } from "../../testing/fixtures.ts";
import { renderApp } from "../../testing/render.tsx";

const open = async (accType: 1 | 2 | 3, status: number) => {
  const order = anOrder({ status });
  mockApi({ [`GET /api/orders/${order.id}`]: { body: order } });
  renderApp(`/order/${order.id}`, { user: aUser({ accType }) });
  await userEvent.setup().click(await screen.findByRole("tab", { name: "Delivery" }));
  await screen.findByRole("table", { name: "Deliver to" });
};

const controls = () => ({
  status: screen.queryByLabelText("Order status") !== null,
  otp: screen.queryByRole("button", { name: "Send OTP" }) !== null,
  audit: screen.queryByRole("tab", { name: "Audit" }) !== null,
});

describe("single order page: staff controls by accType (spec §6)", () => {
  it("gives an admin the status changer, the OTP block and the audit tab, even once delivered", async () => {
    await open(1, 3);
    expect(controls()).toEqual({ status: true, otp: true, audit: true });
  });

  it("gives delivery staff only the OTP block, while the order is not Delivered", async () => {
    await open(2, 2);
    expect(controls()).toEqual({ status: false, otp: true, audit: false });
  });

  it("gives delivery staff nothing on a delivered order", async () => {
    await open(2, 3);
    expect(controls()).toEqual({ status: false, otp: false, audit: false });
  });

  it("gives a customer no controls", async () => {
    await open(3, 1);
    expect(controls()).toEqual({ status: false, otp: false, audit: false });
  });
});
