import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import type { ProductInput } from "./create-product.ts";

/** PUT takes the whole product without its id. */
export const updateProduct = ({ id, input }: { id: string; input: ProductInput }) =>
  api.put<{ position: string }>(`/api/products/${encodeURIComponent(id)}`, input);

export const useUpdateProduct = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["products"] }),
  });
};
