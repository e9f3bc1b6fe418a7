import { SignupForm } from "../../features/auth/components/SignupForm.tsx";
import { useReturnTo } from "./use-return-to.ts";

export default function SignupRoute() {
  const returnTo = useReturnTo();
  return <SignupForm onSuccess={returnTo} />;
}
