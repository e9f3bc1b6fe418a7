import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export interface PromotionInput {
  title: string;
  description: string;
  imageUrl: string;
  redirectUrl?: string;
}

export const createPromotion = (input: PromotionInput) =>
  api.post<{ id: string; position: string }>("/api/promotions", input);

export const useCreatePromotion = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPromotion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["products"] }),
  });
};
