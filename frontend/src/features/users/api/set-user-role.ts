import type { AccType } from "@shop/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { usersKey } from "./users-key.ts";

export const setUserRole = ({ userId, accType }: { userId: string; accType: AccType }) =>
  api.put<{ position: string }>(`/api/users/${encodeURIComponent(userId)}/role`, { accType });

export const useSetUserRole = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
};
