import { SignupForm } from "../../features/auth/components/SignupForm.tsx";
import { usePageTitle } from "../../lib/use-page-title.ts";
import { useReturnTo } from "./use-return-to.ts";

export default function SignupRoute() {
  usePageTitle("Sign up");
  const returnTo = useReturnTo();
  return <SignupForm onSuccess={returnTo} />;
}
