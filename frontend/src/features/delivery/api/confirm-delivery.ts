import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

/** POST /api/orders/:id/delivery-confirmation: a right OTP makes the order Delivered. */
export const confirmDelivery = ({ orderId, otp }: { orderId: string; otp: string }) =>
  api.post<{ position: string }>(`/api/orders/${encodeURIComponent(orderId)}/delivery-confirmation`, { otp });

export const useConfirmDelivery = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmDelivery,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["orders"] }),
  });
};
