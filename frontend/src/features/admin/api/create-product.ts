import type { Product } from "@shop/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export type ProductInput = Omit<Product, "id">;

export const createProduct = (input: ProductInput) =>
  api.post<{ id: string; position: string }>("/api/products", input);

export const useCreateProduct = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["products"] }),
  });
};
