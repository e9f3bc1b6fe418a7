import { createHash } from "node:crypto";
import { notFound, type OrderLineSnapshot, sumTotals, Texts } from "@shop/contracts";
import type { Catalogue } from "../products/catalogue.ts";

export interface ItemInput {
  productId: string;
  quantity: number;
}

/** Same product twice in one request is one line with the quantities added (capped at 99). */
export const mergeItems = (items: ItemInput[]): ItemInput[] => {
  const merged = new Map<string, number>();
  for (const i of items) merged.set(i.productId, Math.min(99, (merged.get(i.productId) ?? 0) + i.quantity));
  return [...merged].map(([productId, quantity]) => ({ productId, quantity }));
};

/** Prices come from the catalogue at decision time, never from the client (ARCHITECTURE §4). */
export const priceItems = async (catalogue: Catalogue, items: ItemInput[]) => {
  const lines: OrderLineSnapshot[] = [];
  for (const { productId, quantity } of mergeItems(items)) {
    const p = await catalogue.product(productId);
    if (p.status !== "listed") throw notFound(Texts.bookNotFound);
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
        items: mergeItems(items).sort((a, b) => a.productId.localeCompare(b.productId)),
        shippingAddress,
      }),
    )
    .digest("hex");
