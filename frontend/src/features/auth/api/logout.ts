import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { useSession } from "../../../stores/session.ts";

export const logout = (): Promise<void> => api.post<void>("/api/auth/logout");

export const useLogout = () => {
  const clear = useSession((s) => s.clear);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    // Whatever the server says, this browser is logged out and keeps none of the user's data.
    onSettled: () => {
      clear();
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== "products" });
    },
  });
};
