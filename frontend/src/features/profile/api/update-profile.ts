import type { User } from "@shop/contracts";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { useSession } from "../../../stores/session.ts";

export interface ProfileInput {
  name?: string;
  contact?: string;
  address?: string;
}

export const updateProfile = (input: ProfileInput) =>
  api.patch<{ user: User; position: string }>("/api/profile", input);

export const useUpdateProfile = () => {
  const setUser = useSession((s) => s.setUser);
  return useMutation({ mutationFn: updateProfile, onSuccess: ({ user }) => setUser(user) });
};
