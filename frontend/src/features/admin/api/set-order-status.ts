import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export const setOrderStatus = ({ orderId, status }: { orderId: string; status: 1 | 2 | 3 }) =>
  api.put<{ position: string }>(`/api/orders/${encodeURIComponent(orderId)}/status`, { status });

/** The screen changes only after the server's 200 (spec §4): the order is then read again. */
export const useSetOrderStatus = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setOrderStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["orders"] }),
  });
};
