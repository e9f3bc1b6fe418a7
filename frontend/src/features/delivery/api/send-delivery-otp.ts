import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export interface DeliveryOtpSent {
  sentTo: string;
  expiresAt: string;
  position: string;
}

/** POST /api/orders/:id/delivery-otp: the mail goes to the order's customer; a new OTP voids the last. */
export const sendDeliveryOtp = (orderId: string) =>
  api.post<DeliveryOtpSent>(`/api/orders/${encodeURIComponent(orderId)}/delivery-otp`);

export const useSendDeliveryOtp = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendDeliveryOtp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["orders"] }),
  });
};
