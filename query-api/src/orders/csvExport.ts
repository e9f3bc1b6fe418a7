import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  ORDERS_CSV_HEADER,
  type OrderDoc,
  type OrderFilters,
  type SchoolDoc,
  schoolsCollection,
  statusLabel,
} from "@shop/contracts";
import type { DocumentStore } from "@shop/platform";
import type { Response } from "express";
import { allOrders } from "./queries.ts";

/** `2025-06-01 15:30` in India Standard Time: a date-time Excel reads as one. */
const istDateTime = (iso: string): string =>
  new Date(Date.parse(iso) + 330 * 60_000).toISOString().slice(0, 16).replace("T", " ");

/** Paise as a plain rupee number (`1234.50`): no symbol or grouping, so a spreadsheet sums it. */
const rupees = (paise: number): string => (paise / 100).toFixed(2);

/**
 * A text cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, CR first) gets a
 * leading apostrophe: a customer's name is data, never a formula (OWASP "CSV injection").
 */
const text = (s: string): string => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);

const rowsOf = (order: OrderDoc, schoolName: (id: string | undefined) => string): string[][] => {
  const delivered = order.timeline.findLast((t) => t.type === "OrderDelivered")?.at;
  return order.items.map((line) => [
    istDateTime(order.placedAt),
    order.id,
    text(order.customer.name),
    text(schoolName(line.schoolId ?? order.schoolId ?? undefined)),
    text(line.title),
    String(line.quantity),
    rupees((line.pricePaise - line.discountPaise) * line.quantity),
    statusLabel(order.status),
    delivered ? istDateTime(delivered) : "",
  ]);
};

/**
 * The filtered orders as CSV, one row per order line, written as the read model is paged through
 * (never the whole export in memory; a slow client holds the reading back). UTF-8 with a BOM so
 * Excel reads ₹ and non-Latin names; quoting by csv-stringify.
 */
export const streamOrdersCsv = async (docs: DocumentStore, filters: OrderFilters, res: Response) => {
  const schools = new Map(
    (await docs.collection<SchoolDoc>(schoolsCollection.name).find({})).map((s) => [s._id, s.name]),
  );
  const schoolName = (id: string | undefined) => (id && schools.get(id)) || "";
  async function* rows() {
    for await (const order of allOrders(docs, filters)) yield* rowsOf(order, schoolName);
  }
  // csv-stringify is loaded at the first export, not at start (bench/RESULTS.md, thirteenth session).
  const { stringify } = await import("csv-stringify");
  res.setHeader("Content-Type", "text/csv; charset=utf-8");
  res.setHeader("Content-Disposition", `attachment; filename="orders.csv"`);
  res.setHeader("Cache-Control", "no-store");
  await pipeline(
    Readable.from(rows()),
    stringify({ bom: true, header: true, columns: [...ORDERS_CSV_HEADER], record_delimiter: "windows" }),
    res,
  );
};
