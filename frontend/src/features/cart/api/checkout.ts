import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { cartKey } from "./cart-cache.ts";

export interface CheckoutInput {
  orderId: string;
  shippingAddress: string;
  expectedPayablePaise?: number;
}

export const checkout = (input: CheckoutInput) =>
  api.post<{ orderId: string; position: string }>("/api/cart/checkout", input);

export const useCheckout = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkout,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: cartKey }),
        queryClient.invalidateQueries({ queryKey: ["orders", "list"] }),
      ]),
    // 'Prices changed' (or any refusal): show the cart as it is now, so the next Confirm sends its total.
    onError: () => queryClient.invalidateQueries({ queryKey: cartKey }),
  });
};
