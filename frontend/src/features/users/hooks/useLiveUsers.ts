import type { User } from "@shop/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { subscribe } from "../../../lib/socket.ts";
import { replaceUser } from "../api/get-users.ts";

/** `user.updated` (room role:admin): a changed profile or role shows at once. */
export const useLiveUsers = (): void => {
  const queryClient = useQueryClient();
  useEffect(
    () => subscribe<{ user: User }>("user.updated", ({ user }) => replaceUser(queryClient, user)),
    [queryClient],
  );
};
