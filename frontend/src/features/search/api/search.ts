import type { Product, School } from "@shop/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, withQuery } from "../../../lib/api-client.ts";

export interface SearchResults {
  schools: School[];
  products: Product[];
}

export const search = (q: string, signal?: AbortSignal) =>
  api.get<SearchResults>(withQuery("/api/search", { q }), signal ? { signal } : {});

export const searchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ["products", "search", q],
    queryFn: ({ signal }) => search(q, signal),
    enabled: q.trim() !== "",
  });

export const useSearch = (q: string) => useQuery(searchQueryOptions(q));
