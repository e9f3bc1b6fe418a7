import { formatRupees, type OrderStatusMailJob, shortIdOf, statusLabel } from "@shop/contracts";
import type { MailMessage } from "@shop/platform";
import { escapeHtml } from "./html.ts";
import type { ShopInfo } from "./shopInfo.ts";

// Built once: constructing an Intl formatter costs far more than formatting with it.
const istFormat = new Intl.DateTimeFormat("en-IN", {
  timeZone: "Asia/Kolkata",
  day: "numeric",
  month: "long",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});
const istDateTime = (iso: string) => istFormat.format(new Date(iso));

/** The message id of the status mail for one event: a retried job is the same mail. */
export const statusMessageId = (eventId: string): string => `<status-${eventId}@school-shop>`;

/**
 * The mail to the customer when their order changes status or is delivered: the new status, the
 * order's summary with its own price snapshot, a link to the order and the shop's details.
 */
export const renderOrderStatusMail = (job: OrderStatusMailJob, shop: ShopInfo): MailMessage => {
  const shortId = shortIdOf(job.orderId);
  const label = statusLabel(job.status);
  const link = `${shop.publicUrl.replace(/\/+$/, "")}/order/${job.orderId}`;
  const delivered = job.kind === "delivered";
  const subject = delivered
    ? `Your order ${shortId} has been delivered`
    : `Your order ${shortId} is now ${label}`;
  const headline = delivered
    ? `Your order ${shortId} has been delivered. Thank you for shopping with ${shop.name}!`
    : `The status of your order ${shortId} is now: ${label}.`;
  const lines = job.lines.map((l) => ({
    title: l.place ? `${l.title} (${l.place})` : l.title,
    quantity: l.quantity,
    each: formatRupees(l.pricePaise - l.discountPaise),
    amount: formatRupees((l.pricePaise - l.discountPaise) * l.quantity),
  }));
  const { pricePaise, discountPaise, payablePaise } = job.totals;

  const text = [
    `Hello ${job.customerName},`,
    "",
    headline,
    `Status: ${label}`,
    `Updated: ${istDateTime(job.changedAt)} IST`,
    "",
    "Order summary:",
    ...lines.map((l) => `- ${l.title} × ${l.quantity} @ ${l.each} = ${l.amount}`),
    "",
    `Price: ${formatRupees(pricePaise)}`,
    `Discount: -${formatRupees(discountPaise)}`,
    "Shipping: free",
    `Total: ${formatRupees(payablePaise)}`,
    "",
    `Shipping to: ${job.shippingAddress}`,
    `View your order: ${link}`,
    "",
    shop.name,
    `${shop.address} · ${shop.email} · ${shop.phone}`,
  ].join("\n");

  const cell = 'style="padding:4px 8px;border-bottom:1px solid #ddd"';
  const right = 'style="padding:4px 8px;border-bottom:1px solid #ddd;text-align:right"';
  const rows = lines
    .map(
      (l) =>
        `<tr><td ${cell}>${escapeHtml(l.title)}</td><td ${right}>${l.quantity}</td><td ${right}>${l.each}</td><td ${right}>${l.amount}</td></tr>`,
    )
    .join("\n");
  const html = `<p>Hello ${escapeHtml(job.customerName)},</p>
<p>${escapeHtml(headline)}</p>
<p>Status: <strong>${escapeHtml(label)}</strong><br>Updated: ${istDateTime(job.changedAt)} IST</p>
<table style="border-collapse:collapse">
<tr><th ${cell}>Item</th><th ${right}>Qty</th><th ${right}>Each</th><th ${right}>Amount</th></tr>
${rows}
</table>
<p>Price: ${formatRupees(pricePaise)}<br>Discount: -${formatRupees(discountPaise)}<br>Shipping: free<br><strong>Total: ${formatRupees(payablePaise)}</strong></p>
<p>Shipping to: ${escapeHtml(job.shippingAddress)}</p>
<p><a href="${escapeHtml(link)}">View your order</a></p>
<p>${escapeHtml(shop.name)}<br>${escapeHtml(shop.address)} · ${escapeHtml(shop.email)} · ${escapeHtml(shop.phone)}</p>`;

  return { to: job.to, subject, text, html, messageId: statusMessageId(job.eventId) };
};
