import type { Page, Product, ProductKind } from "@shop/contracts";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api, withQuery } from "../../../lib/api-client.ts";

const PAGE = 200;

export const getProductsOfKind = (kind: ProductKind, cursor?: string, signal?: AbortSignal) =>
  api.get<Page<Product>>(withQuery("/api/products", { kind, limit: PAGE, cursor }), signal ? { signal } : {});

/** The admin's own key under `products`: every catalogue change invalidates it with the shop's lists. */
export const kindQueryOptions = (kind: ProductKind) =>
  infiniteQueryOptions({
    queryKey: ["products", "admin", "kind", kind],
    queryFn: ({ pageParam, signal }) => getProductsOfKind(kind, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useProductsOfKind = (kind: ProductKind) => useInfiniteQuery(kindQueryOptions(kind));
