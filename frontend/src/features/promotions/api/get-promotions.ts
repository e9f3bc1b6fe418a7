import type { Promotion } from "@shop/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export const getPromotions = (signal?: AbortSignal) =>
  api.get<{ items: Promotion[] }>("/api/promotions", signal ? { signal } : {});

export const promotionsQueryOptions = () =>
  queryOptions({
    queryKey: ["products", "promotions"],
    queryFn: ({ signal }) => getPromotions(signal),
    select: (page) => page.items.filter((p) => p.active),
  });

export const usePromotions = () => useQuery(promotionsQueryOptions());
