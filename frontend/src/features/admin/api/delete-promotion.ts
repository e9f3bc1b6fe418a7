import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export const deletePromotion = (id: string) =>
  api.delete<{ position: string }>(`/api/promotions/${encodeURIComponent(id)}`);

export const useDeletePromotion = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePromotion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["products"] }),
  });
};
