import type { Promotion } from "@shop/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export const getAllPromotions = (signal?: AbortSignal) =>
  api.get<{ items: Promotion[] }>("/api/promotions?all=true", signal ? { signal } : {});

/** Active and inactive ones (admin only); under `products` with the rest of the catalogue. */
export const allPromotionsKey = ["products", "admin", "promotions"] as const;

export const allPromotionsQueryOptions = () =>
  queryOptions({
    queryKey: allPromotionsKey,
    queryFn: ({ signal }) => getAllPromotions(signal),
    select: (d) => d.items,
  });

export const useAllPromotions = () => useQuery(allPromotionsQueryOptions());
