import { bookPlace, discountPercent, formatRupees, type Order, payablePaise } from "@shop/contracts";
import { jsPDF } from "jspdf";
import { autoTable } from "jspdf-autotable";
import { formatDate } from "../../../lib/format.ts";

/** Spec §9: the invoice is saved under a fixed file name. */
export const RECEIPT_FILE = "receipt.pdf";
export const RECEIPT_FONT = "NotoSans";

export interface ReceiptShop {
  name: string;
  address: string;
  email: string;
  phone: string;
}

const kindLabel = { book: "Book", notebook: "Notebook", stationery: "Stationery" } as const;

const initials = (name: string): string =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join("");

/**
 * The printable receipt (spec "Single order"): logo, order date, customer and delivery details, a
 * table of book, author, qty, list price, discount and price, and the total. A4 landscape.
 * The built-in PDF fonts have no ₹, so a Noto Sans TTF (base64) is embedded for all text.
 */
export const buildReceipt = (order: Order, shop: ReceiptShop, fontBase64: string): jsPDF => {
  const doc = new jsPDF({ orientation: "landscape", unit: "mm", format: "a4" });
  doc.addFileToVFS(`${RECEIPT_FONT}.ttf`, fontBase64);
  doc.addFont(`${RECEIPT_FONT}.ttf`, RECEIPT_FONT, "normal");
  doc.setFont(RECEIPT_FONT, "normal");
  doc.setProperties({ title: `Receipt ${order.shortId}`, author: shop.name });

  const width = doc.internal.pageSize.getWidth();
  const margin = 14;

  // Logo: the shop's initials on a blue tile, then its name and contact.
  doc.setFillColor(21, 101, 192);
  doc.roundedRect(margin, 12, 18, 18, 3, 3, "F");
  doc.setTextColor(255, 255, 255);
  doc.setFontSize(14);
  doc.text(initials(shop.name), margin + 9, 23.5, { align: "center" });
  doc.setTextColor(20, 20, 20);
  doc.setFontSize(18);
  doc.text(shop.name, margin + 24, 19);
  doc.setFontSize(9);
  doc.setTextColor(90, 90, 90);
  doc.text(`${shop.address} · ${shop.email} · ${shop.phone}`, margin + 24, 26);

  doc.setTextColor(20, 20, 20);
  doc.setFontSize(16);
  doc.text("Receipt", width - margin, 19, { align: "right" });
  doc.setFontSize(10);
  doc.text(`Order #${order.shortId}`, width - margin, 25, { align: "right" });
  doc.text(`Order date: ${formatDate(order.placedAt)}`, width - margin, 30, { align: "right" });

  doc.setDrawColor(200, 200, 200);
  doc.line(margin, 36, width - margin, 36);

  doc.setFontSize(11);
  doc.text("Customer", margin, 44);
  doc.text("Deliver to", width / 2, 44);
  doc.setFontSize(10);
  doc.setTextColor(60, 60, 60);
  doc.text([order.customer.name, order.customer.email, order.customer.contact], margin, 50);
  const address = doc.splitTextToSize(order.shippingAddress, width / 2 - margin) as string[];
  doc.text([order.customer.name, ...address], width / 2, 50);

  autoTable(doc, {
    startY: 50 + 5 * Math.max(3, address.length + 1) + 4,
    margin: { left: margin, right: margin },
    head: [["Book", "Type", "Author", "Qty", "List price", "Discount", "Price"]],
    body: order.items.map((l) => [
      // A book's school and class under its title: same-title books of two schools differ here.
      [l.title, bookPlace(l)].filter(Boolean).join("\n"),
      kindLabel[l.kind],
      l.author,
      String(l.quantity),
      formatRupees(l.pricePaise),
      `${formatRupees(l.discountPaise)} (${discountPercent(l.pricePaise, l.discountPaise)}%)`,
      formatRupees(payablePaise(l.pricePaise, l.discountPaise) * l.quantity),
    ]),
    styles: { font: RECEIPT_FONT, fontStyle: "normal", fontSize: 10 },
    headStyles: { font: RECEIPT_FONT, fontStyle: "normal", fillColor: [21, 101, 192] },
    columnStyles: {
      3: { halign: "right" },
      4: { halign: "right" },
      5: { halign: "right" },
      6: { halign: "right" },
    },
  });

  const finalY = (doc as jsPDF & { lastAutoTable?: { finalY?: number } }).lastAutoTable?.finalY ?? 120;
  const rows: [string, string][] = [
    ["Price", formatRupees(order.totals.pricePaise)],
    [
      "Discount",
      `${formatRupees(order.totals.discountPaise)} (${discountPercent(order.totals.pricePaise, order.totals.discountPaise)}%)`,
    ],
    ["Shipping", "Free"],
    ["Total Amount", formatRupees(order.totals.payablePaise + order.totals.shippingPaise)],
  ];
  doc.setTextColor(20, 20, 20);
  rows.forEach(([label, value], i) => {
    const y = finalY + 10 + i * 6;
    doc.setFontSize(i === rows.length - 1 ? 12 : 10);
    doc.text(label, width - margin - 70, y);
    doc.text(value, width - margin, y, { align: "right" });
  });
  return doc;
};
