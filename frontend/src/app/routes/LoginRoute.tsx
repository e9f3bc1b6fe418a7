import { LoginForm } from "../../features/auth/components/LoginForm.tsx";
import { useReturnTo } from "./use-return-to.ts";

export default function LoginRoute() {
  const returnTo = useReturnTo();
  return <LoginForm onSuccess={returnTo} />;
}
