import type { Promotion } from "@shop/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { allPromotionsKey } from "./get-promotions.ts";

export const setPromotionActive = ({ id, active }: { id: string; active: boolean }) =>
  api.put<{ promotion: Promotion; position: string }>(`/api/promotions/${encodeURIComponent(id)}/active`, {
    active,
  });

/** The answer carries the changed promotion, which replaces the list entry (spec §4). */
export const useSetPromotionActive = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPromotionActive,
    onSuccess: ({ promotion }) => {
      queryClient.setQueryData<{ items: Promotion[] }>(allPromotionsKey, (d) =>
        d ? { items: d.items.map((p) => (p.id === promotion.id ? promotion : p)) } : d,
      );
      // The home banner's list changes too; the admin's own list already holds the answer.
      void queryClient.invalidateQueries({
        queryKey: ["products"],
        predicate: (q) => q.queryKey[2] !== allPromotionsKey[2],
      });
    },
  });
};
