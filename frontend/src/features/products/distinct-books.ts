import type { Product } from "@shop/contracts";

/**
 * At most `limit` distinct books: one per title and class (the same "English Class 8" of four
 * schools is one book here), each taken from the school shown least so far, so the picks spread
 * over schools. Order follows the first appearance of each title.
 */
export const distinctBooks = (products: Product[], limit: number): Product[] => {
  const groups = new Map<string, Product[]>();
  for (const p of products) {
    const key = `${p.title.trim().toLowerCase()}|${p.class ?? ""}`;
    groups.set(key, [...(groups.get(key) ?? []), p]);
  }
  const shown = new Map<string, number>();
  const picks: Product[] = [];
  for (const group of groups.values()) {
    if (picks.length >= limit) break;
    const uses = (p: Product) => shown.get(p.schoolId ?? "") ?? 0;
    const pick = group.reduce((best, p) => (uses(p) < uses(best) ? p : best));
    shown.set(pick.schoolId ?? "", uses(pick) + 1);
    picks.push(pick);
  }
  return picks;
};
