import type { Cart } from "@shop/contracts";
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { cartKey } from "./cart-cache.ts";

export const getCart = (signal?: AbortSignal) => api.get<Cart>("/api/cart", signal ? { signal } : {});

export const cartQueryOptions = () =>
  queryOptions({ queryKey: cartKey, queryFn: ({ signal }) => getCart(signal) });

export const useCart = (enabled = true) => useQuery({ ...cartQueryOptions(), enabled });

interface Position {
  position: string;
}

const path = (productId: string) => `/api/cart/items/${encodeURIComponent(productId)}`;

export const addCartItem = (productId: string, quantity = 1) =>
  api.post<Position>("/api/cart/items", { productId, quantity });
export const changeCartQuantity = ({ productId, quantity }: { productId: string; quantity: number }) =>
  api.patch<Position>(path(productId), { quantity });
export const removeCartItem = (productId: string) => api.delete<Position>(path(productId));

// Each command's answer raised the read position, so the refetch reflects it (read-your-writes).
const refetchCart = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: cartKey });

export const useAddCartItem = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (productId: string) => addCartItem(productId),
    onSuccess: () => refetchCart(queryClient),
  });
};

export const useChangeCartQuantity = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changeCartQuantity, onSuccess: () => refetchCart(queryClient) });
};

export const useRemoveCartItem = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeCartItem, onSuccess: () => refetchCart(queryClient) });
};
