import type { Product } from "@shop/contracts";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api, withQuery } from "../../../lib/api-client.ts";

export const searchProducts = (q: string, signal?: AbortSignal) =>
  api.get<{ products: Product[] }>(withQuery("/api/search", { q }), signal ? { signal } : {});

/** Catalogue items matching `q` (title, author or subject; best first, at most 5). */
export const productSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ["products", "admin", "search", q],
    queryFn: ({ signal }) => searchProducts(q, signal),
    select: (d) => d.products,
    enabled: q.trim() !== "",
    placeholderData: keepPreviousData,
  });

export const useProductSearch = (q: string) => useQuery(productSearchQueryOptions(q.trim()));
