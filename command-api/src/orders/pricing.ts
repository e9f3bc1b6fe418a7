import { createHash } from "node:crypto";
import { notFound, type OrderLineSnapshot, sumTotals, Texts } from "@shop/contracts";
import type { Catalogue } from "../products/catalogue.ts";

export interface ItemInput {
  productId: string;
  quantity: number;
}

/** Prices come from the catalogue at decision time, never from the client (ARCHITECTURE §4). */
export const priceItems = async (catalogue: Catalogue, items: ItemInput[]) => {
  const lines: OrderLineSnapshot[] = [];
  // Each product is on one line (the request schema and the decider refuse a repeat).
  for (const { productId, quantity } of items) {
    const p = await catalogue.product(productId);
    if (p.status !== "listed") throw notFound(Texts.bookNotFound);
    const schoolName = p.kind === "book" && p.schoolId ? await catalogue.schoolName(p.schoolId) : undefined;
    lines.push({
      productId,
      kind: p.kind,
      title: p.title,
      author: p.author,
      imageUrl: p.imageUrl,
      pricePaise: p.pricePaise,
      discountPaise: p.discountPaise,
      quantity,
      ...(p.schoolId && { schoolId: p.schoolId }),
      ...(schoolName !== undefined && { schoolName }),
      ...(p.kind === "book" && p.class !== undefined && { class: p.class }),
    });
  }
  return { items: lines, totals: sumTotals(lines) };
};

/** Who asked for what (not the prices): a retry with the same content is recognised as the same order. */
export const requestDigest = (userId: string, items: ItemInput[], shippingAddress: string): string =>
  createHash("sha256")
    .update(
      JSON.stringify({
        userId,
        items: items
          .map(({ productId, quantity }) => ({ productId, quantity }))
          .sort((a, b) => a.productId.localeCompare(b.productId)),
        shippingAddress,
      }),
    )
    .digest("hex");
