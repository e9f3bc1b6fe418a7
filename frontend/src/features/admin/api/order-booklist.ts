import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export interface BookListOrderInput {
  orderId: string;
  items: { productId: string; quantity: number }[];
}

/** POST /api/booklists/:id/orders: an order for the customer who sent the list. */
export const orderBookList = ({ id, input }: { id: string; input: BookListOrderInput }) =>
  api.post<{ orderId: string; position: string }>(`/api/booklists/${encodeURIComponent(id)}/orders`, input);

export const useOrderBookList = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: orderBookList,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ["booklists"] });
      void queryClient.invalidateQueries({ queryKey: ["orders", "list"] });
    },
  });
};
