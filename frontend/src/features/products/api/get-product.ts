import type { Product } from "@shop/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export const getProduct = (id: string, signal?: AbortSignal) =>
  api.get<Product>(`/api/products/${encodeURIComponent(id)}`, signal ? { signal } : {});

export const productQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ["products", "detail", id],
    queryFn: ({ signal }) => getProduct(id, signal),
  });

export const useProduct = (id: string) => useQuery(productQueryOptions(id));
