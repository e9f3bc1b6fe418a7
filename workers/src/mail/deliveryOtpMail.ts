import { type DeliveryOtpMailJob, OTP_VALIDITY_TEXT, shortIdOf } from "@shop/contracts";
import type { MailMessage } from "@shop/platform";
import { escapeHtml } from "./html.ts";
import type { ShopInfo } from "./shopInfo.ts";

const istTimeFormat = new Intl.DateTimeFormat("en-IN", {
  timeZone: "Asia/Kolkata",
  hour: "2-digit",
  minute: "2-digit",
});
const istTime = (iso: string) => istTimeFormat.format(new Date(iso));

/**
 * The delivery OTP mail to the order's customer. The text shows the code as `OTP: 123456` with no
 * other digits between the word and the code (ARCHITECTURE §4).
 */
export const renderDeliveryOtpMail = (job: DeliveryOtpMailJob, otp: string, shop: ShopInfo): MailMessage => {
  const shortId = shortIdOf(job.orderId);
  const link = `${shop.publicUrl.replace(/\/$/, "")}/order/${job.orderId}`;
  const text = [
    `Hello ${job.customerName},`,
    "",
    `Your order ${shortId} is out for delivery. Tell this code to the delivery person when they hand it over:`,
    "",
    `OTP: ${otp}`,
    "",
    `The code expires in ${OTP_VALIDITY_TEXT} (at ${istTime(job.expiresAt)} IST). Never share it before the parcel is in your hands.`,
    `Your order: ${link}`,
    "",
    `${shop.name}`,
    `${shop.address} · ${shop.email} · ${shop.phone}`,
  ].join("\n");
  const html = `<p>Hello ${escapeHtml(job.customerName)},</p>
<p>Your order <strong>${shortId}</strong> is out for delivery. Tell this code to the delivery person when they hand it over:</p>
<p style="font-size:24px;letter-spacing:4px"><strong>OTP: ${otp}</strong></p>
<p>The code expires in ${OTP_VALIDITY_TEXT} (at ${istTime(job.expiresAt)} IST). Never share it before the parcel is in your hands.</p>
<p><a href="${escapeHtml(link)}">View your order</a></p>
<p>${escapeHtml(shop.name)}<br>${escapeHtml(shop.address)} · ${escapeHtml(shop.email)} · ${escapeHtml(shop.phone)}</p>`;
  return {
    to: job.to,
    subject: `Delivery OTP for your order ${shortId}`,
    text,
    html,
    messageId: `<otp-${job.eventId}@school-shop>`,
  };
};
