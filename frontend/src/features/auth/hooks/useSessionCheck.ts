import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { isApiError } from "../../../lib/api-client.ts";
import { useSession } from "../../../stores/session.ts";
import { meQueryOptions } from "../api/get-me.ts";

/**
 * On app load GET /api/auth/session confirms the stored user (refreshing it), finds the user of a
 * session cookie the page did not know of, or (user null) clears it; a visitor's answer is a 200,
 * so no page load logs an error. Either way the session is then known (RequireAuth waits for it).
 * A one-off fetch rather than `useQuery`: the query hooks stay out of the first load.
 */
export const useSessionCheck = (): void => {
  const queryClient = useQueryClient();
  useEffect(() => {
    let active = true;
    const { setUser, clear, markChecked } = useSession.getState();
    queryClient.fetchQuery(meQueryOptions()).then(
      ({ user }) => {
        if (!active) return;
        if (user) setUser(user);
        else clear();
        markChecked();
      },
      (error: unknown) => {
        if (!active) return;
        if (isApiError(error) && error.status === 401) clear();
        // Unreachable or failing: the stored user (if any) stands; protected pages stop waiting.
        markChecked();
      },
    );
    return () => {
      active = false;
    };
  }, [queryClient]);
};
