import type { User } from "@shop/contracts";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { useSession } from "../../../stores/session.ts";

export interface SignupInput {
  name: string;
  email: string;
  contact: string;
  password: string;
  address: string;
}
export interface SignupResponse {
  user: User;
  token: string;
  position: string;
}

export const signup = (input: SignupInput): Promise<SignupResponse> =>
  api.post<SignupResponse>("/api/auth/signup", input);

/** A new customer is logged in at once (API.md: signup sets the session cookie). */
export const useSignup = () => {
  const setUser = useSession((s) => s.setUser);
  return useMutation({
    mutationFn: signup,
    onSuccess: ({ user }) => setUser(user),
  });
};
