import type { OrderStatusMailJob } from "@shop/contracts";
import { describe, expect, it } from "vitest";
import { renderOrderStatusMail } from "./orderStatusMail.ts";

const shop = {
  name: "Vidya Books",
  address: "14 MG Road, Pune 411001",
  email: "help@vidyabooks.in",
  phone: "+91 98200 00000",
  publicUrl: "http://localhost:3000/",
};
const job: OrderStatusMailJob = {
  orderId: "5d9c2e1f-3a4b-4c5d-8e6f-7a8b9c0d1e2f",
  eventId: "0b7c1f6e-2d6a-4a8f-9f3e-5b1c2d3e4f50",
  kind: "status-changed",
  to: "asha@example.com",
  customerName: "Asha <Rao>",
  status: 2,
  changedAt: "2026-11-22T10:10:00.000Z",
  shippingAddress: "12 MG Road, Pune",
  lines: [
    { title: "Science Class 8 & Lab", quantity: 2, pricePaise: 6_250_000, discountPaise: 250_000 },
    { title: "Classmate Notebook", quantity: 3, pricePaise: 6500, discountPaise: 500 },
  ],
  totals: { pricePaise: 12_519_500, discountPaise: 501_500, payablePaise: 12_018_000 },
};

describe("order status mail", () => {
  const mail = renderOrderStatusMail(job, shop);

  it("goes to the customer with the new status and the order's short id in the subject", () => {
    expect(mail.to).toBe("asha@example.com");
    expect(mail.subject).toBe("Your order 9c0d1e2f is now Processing");
    expect(mail.text).toContain("Status: Processing");
    expect(mail.html).toContain("Status: <strong>Processing</strong>");
  });

  it("shows each line and the totals in rupees with Indian digit grouping", () => {
    expect(mail.text).toContain("- Science Class 8 & Lab × 2 @ ₹60,000.00 = ₹1,20,000.00");
    expect(mail.text).toContain("- Classmate Notebook × 3 @ ₹60.00 = ₹180.00");
    expect(mail.text).toContain("Price: ₹1,25,195.00");
    expect(mail.text).toContain("Discount: -₹5,015.00");
    expect(mail.text).toContain("Total: ₹1,20,180.00");
    expect(mail.html).toContain("<strong>Total: ₹1,20,180.00</strong>");
    expect(mail.html).toContain("Science Class 8 &amp; Lab");
  });

  it("names a book's school and class, so two schools' same-title books differ", () => {
    const book = { title: "English Class 8", quantity: 1, pricePaise: 29_000, discountPaise: 2_900 };
    const placed = renderOrderStatusMail(
      { ...job, lines: [{ ...book, place: "Delhi Public School Pune · Class 8" }] },
      shop,
    );
    expect(placed.text).toContain("- English Class 8 (Delhi Public School Pune · Class 8) × 1 @ ₹261.00");
    expect(placed.html).toContain("English Class 8 (Delhi Public School Pune · Class 8)");
  });

  it("says when, in IST, and links to the order on the storefront", () => {
    expect(mail.text).toContain("Updated: 22 November 2026 at 03:40 pm IST");
    expect(mail.text).toContain(
      "View your order: http://localhost:3000/order/5d9c2e1f-3a4b-4c5d-8e6f-7a8b9c0d1e2f",
    );
    expect(mail.html).toContain('href="http://localhost:3000/order/5d9c2e1f-3a4b-4c5d-8e6f-7a8b9c0d1e2f"');
  });

  it("signs with the shop's name, address, e-mail and phone", () => {
    expect(mail.text).toContain(
      "Vidya Books\n14 MG Road, Pune 411001 · help@vidyabooks.in · +91 98200 00000",
    );
    expect(mail.html).toContain(
      "Vidya Books<br>14 MG Road, Pune 411001 · help@vidyabooks.in · +91 98200 00000",
    );
  });

  it("escapes what customers typed in the HTML part", () => {
    expect(mail.html).toContain("Asha &lt;Rao&gt;");
    expect(mail.html).not.toContain("<Rao>");
  });

  it("has a message id per event, so a retried job is the same mail and another event another", () => {
    expect(mail.messageId).toBe(`<status-${job.eventId}@school-shop>`);
    expect(renderOrderStatusMail(job, shop).messageId).toBe(mail.messageId);
    const next = renderOrderStatusMail({ ...job, eventId: "6f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b" }, shop);
    expect(next.messageId).not.toBe(mail.messageId);
  });

  it("announces a delivery as delivered", () => {
    const delivered = renderOrderStatusMail({ ...job, kind: "delivered", status: 3 }, shop);
    expect(delivered.subject).toBe("Your order 9c0d1e2f has been delivered");
    expect(delivered.text).toContain("Status: Delivered");
    expect(delivered.text).toContain("has been delivered. Thank you for shopping with Vidya Books!");
  });

  it("labels every status as the spec names it", () => {
    expect(renderOrderStatusMail({ ...job, status: 1 }, shop).subject).toContain("is now Pending");
    expect(renderOrderStatusMail({ ...job, status: 3 }, shop).subject).toContain("is now Delivered");
  });
});
