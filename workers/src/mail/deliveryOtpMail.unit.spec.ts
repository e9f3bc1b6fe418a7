import { describe, expect, it } from "vitest";
import { renderDeliveryOtpMail } from "./deliveryOtpMail.ts";

const shop = {
  name: "Vidya Books",
  address: "14 MG Road, Pune 411001",
  email: "help@vidyabooks.in",
  phone: "+91 98200 00000",
  publicUrl: "http://localhost:3000/",
};
const job = {
  orderId: "5d9c2e1f-3a4b-4c5d-8e6f-7a8b9c0d1e2f",
  eventId: "0b7c1f6e-2d6a-4a8f-9f3e-5b1c2d3e4f50",
  to: "asha@example.com",
  customerName: "Asha <Rao>",
  sealedOtp: "sealed",
  expiresAt: "2026-11-22T10:10:00.000Z",
};

describe("delivery OTP mail", () => {
  const mail = renderDeliveryOtpMail(job, "042917", shop);

  it("goes to the customer with the order's short id in the subject", () => {
    expect(mail.to).toBe("asha@example.com");
    expect(mail.subject).toContain("Delivery OTP");
    expect(mail.subject).toContain("7a8b9c0d1e2f".slice(-8));
  });

  it("shows the code right after the word OTP, the expiry in IST and a link to the order", () => {
    expect(mail.text).toMatch(/OTP: 042917/);
    expect(mail.text).toContain("expires in 10 minutes (at 03:40 pm IST)");
    expect(mail.text).toContain("http://localhost:3000/order/5d9c2e1f-3a4b-4c5d-8e6f-7a8b9c0d1e2f");
  });

  it("escapes the customer's name in the HTML part", () => {
    expect(mail.html).toContain("Asha &lt;Rao&gt;");
    expect(mail.html).not.toContain("<Rao>");
  });

  it("has a message id per event, so a retried job is the same mail", () => {
    expect(mail.messageId).toBe(`<otp-${job.eventId}@school-shop>`);
  });
});
