import { useEffect } from "react";
import { isApiError } from "../../../lib/api-client.ts";
import { useSession } from "../../../stores/session.ts";
import { useMe } from "../api/get-me.ts";

/** On app load GET /api/auth/me confirms the stored user (refreshing it) or, on 401, clears it. */
export const useSessionCheck = (): void => {
  const me = useMe();
  const { setUser, clear } = useSession.getState();
  useEffect(() => {
    if (me.data) setUser(me.data.user);
    else if (isApiError(me.error) && me.error.status === 401) clear();
  }, [me.data, me.error, setUser, clear]);
};
