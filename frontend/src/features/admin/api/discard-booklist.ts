import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export const discardBookList = (id: string) =>
  api.delete<{ position: string }>(`/api/booklists/${encodeURIComponent(id)}`);

export const useDiscardBookList = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: discardBookList,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["booklists"] }),
  });
};
