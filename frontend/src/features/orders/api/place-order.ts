import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { ordersListKey } from "./get-orders.ts";

export interface PlaceOrderInput {
  orderId: string;
  items: { productId: string; quantity: number }[];
  shippingAddress: string;
  expectedPayablePaise?: number;
  source?: "direct" | "school";
}
export interface PlaceOrderResponse {
  orderId: string;
  position: string;
}

export const placeOrder = (input: PlaceOrderInput): Promise<PlaceOrderResponse> =>
  api.post<PlaceOrderResponse>("/api/orders", input);

export const usePlaceOrder = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersListKey() }),
  });
};
