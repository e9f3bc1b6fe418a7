import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { anOrder } from "../../../testing/fixtures.ts";
import { renderWithProviders } from "../../../testing/render.tsx";
import { InvoiceButton } from "./InvoiceButton.tsx";

const saving = vi.hoisted(() => ({ calls: 0, finish: () => {} }));
vi.mock("../invoice/download.ts", () => ({
  downloadReceipt: () => {
    saving.calls++;
    return new Promise<void>((resolve) => {
      saving.finish = resolve;
    });
  },
}));

describe("the invoice button", () => {
  it("keeps the keyboard's focus while the PDF is made, and makes it once however often pressed", async () => {
    renderWithProviders(<InvoiceButton order={anOrder()} />);
    const button = screen.getByRole("button", { name: "Invoice" });
    const user = userEvent.setup();
    button.focus();
    await user.keyboard("{Enter}");
    await waitFor(() => expect(saving.calls).toBe(1));
    expect(button).toHaveAttribute("aria-disabled", "true");
    expect(document.activeElement).toBe(button);
    await user.keyboard("{Enter}");
    expect(saving.calls).toBe(1);
    saving.finish();
    await waitFor(() => expect(button).not.toHaveAttribute("aria-disabled", "true"));
    expect(document.activeElement).toBe(button);
  });
});
