import type { User } from "@shop/contracts";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { useSession } from "../../../stores/session.ts";

export interface LoginInput {
  email: string;
  password: string;
}
export interface LoginResponse {
  user: User;
  token: string;
}

export const login = (input: LoginInput): Promise<LoginResponse> =>
  api.post<LoginResponse>("/api/auth/login", input);

export const useLogin = () => {
  const setUser = useSession((s) => s.setUser);
  return useMutation({
    mutationFn: login,
    onSuccess: ({ user }) => setUser(user),
  });
};
