import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

/** Spec §5: on update the image is optional; the current one stays. */
export interface PromotionUpdateInput {
  title: string;
  description: string;
  imageUrl?: string;
  redirectUrl?: string;
}

export const updatePromotion = ({ id, input }: { id: string; input: PromotionUpdateInput }) =>
  api.put<{ position: string }>(`/api/promotions/${encodeURIComponent(id)}`, input);

export const useUpdatePromotion = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePromotion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["products"] }),
  });
};
