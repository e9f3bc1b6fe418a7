import { isAdmin } from "@shop/contracts";
import type { ReactNode } from "react";
import { NoPermission } from "../../../components/ui/NoPermission.tsx";
import { useCurrentUser } from "../../../stores/session.ts";

interface AdminGateProps {
  children: ReactNode;
  /** Who may see the screen; admins only unless told (the delivery page lets delivery staff in too). */
  allow?: (accType: number | undefined) => boolean;
}

/** Spec §6: gating is shown on the screen by accType; the server refuses the calls as well. */
export const AdminGate = ({ children, allow = isAdmin }: AdminGateProps) => {
  const user = useCurrentUser();
  return allow(user?.accType) ? children : <NoPermission />;
};
