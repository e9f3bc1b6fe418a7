import { LoginForm } from "../../features/auth/components/LoginForm.tsx";
import { usePageTitle } from "../../lib/use-page-title.ts";
import { useReturnTo } from "./use-return-to.ts";

export default function LoginRoute() {
  usePageTitle("Login");
  const returnTo = useReturnTo();
  return <LoginForm onSuccess={returnTo} />;
}
