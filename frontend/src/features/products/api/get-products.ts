import type { Page, Product, ProductKind } from "@shop/contracts";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api, withQuery } from "../../../lib/api-client.ts";

export interface ProductFilter {
  kind?: ProductKind;
  schoolId?: string;
  class?: number;
  limit?: number;
}

export const getProducts = (filter: ProductFilter, cursor?: string, signal?: AbortSignal) =>
  api.get<Page<Product>>(withQuery("/api/products", { ...filter, cursor }), signal ? { signal } : {});

export const productsQueryOptions = (filter: ProductFilter = {}) =>
  infiniteQueryOptions({
    queryKey: ["products", "list", filter],
    queryFn: ({ pageParam, signal }) => getProducts(filter, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useProducts = (filter: ProductFilter = {}) => useInfiniteQuery(productsQueryOptions(filter));
