import type { Product } from "@shop/contracts";

/** A user's text as a literal inside a regular expression. */
export const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** How well `text` matches `needle` (both lower-cased): lower is better, null is no match. */
const fieldRank = (text: string | undefined, needle: string): number | null => {
  if (!text) return null;
  const hay = text.toLowerCase();
  if (hay === needle) return 0;
  if (hay.startsWith(needle)) return 1;
  const at = hay.indexOf(needle);
  if (at < 0) return null;
  // A match at the start of a later word ("maths" in "class 8 maths") beats one inside a word.
  return hay.slice(0, at).match(/[\p{L}\p{N}]$/u) ? 3 : 2;
};

/**
 * A product's rank for a search: any match in the title (whole title, prefix, word start, inside
 * a word) ranks above any match in the author or subject, each graded the same way.
 */
export const productRank = (
  p: Pick<Product, "title" | "author" | "subject">,
  query: string,
): number | null => {
  const needle = query.toLowerCase();
  const title = fieldRank(p.title, needle);
  if (title !== null) return title;
  const others = [fieldRank(p.author, needle), fieldRank(p.subject, needle)].filter((r) => r !== null);
  return others.length ? 4 + Math.min(...others) : null;
};

/** The best `limit` products for `query`, ties by title then id, so the answer is stable. */
export const bestMatches = <P extends Product>(products: P[], query: string, limit: number): P[] =>
  products
    .flatMap((p) => {
      const rank = productRank(p, query);
      return rank === null ? [] : [{ p, rank }];
    })
    .sort((a, b) => a.rank - b.rank || a.p.title.localeCompare(b.p.title, "en") || (a.p.id < b.p.id ? -1 : 1))
    .slice(0, limit)
    .map((x) => x.p);
