import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { isApiError } from "../../../lib/api-client.ts";
import { useSession } from "../../../stores/session.ts";
import { meQueryOptions } from "../api/get-me.ts";

/**
 * On app load GET /api/auth/me confirms the stored user (refreshing it) or, on 401, clears it.
 * A one-off fetch rather than `useQuery`: the query hooks stay out of the first load.
 */
export const useSessionCheck = (): void => {
  const queryClient = useQueryClient();
  useEffect(() => {
    let active = true;
    const { setUser, clear } = useSession.getState();
    queryClient.fetchQuery(meQueryOptions()).then(
      ({ user }) => {
        if (active) setUser(user);
      },
      (error: unknown) => {
        if (active && isApiError(error) && error.status === 401) clear();
      },
    );
    return () => {
      active = false;
    };
  }, [queryClient]);
};
