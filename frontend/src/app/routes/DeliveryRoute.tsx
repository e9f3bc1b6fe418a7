import Typography from "@mui/material/Typography";
import { isStaff } from "@shop/contracts";
import { AdminGate } from "../../features/admin/components/AdminGate.tsx";
import { NewOrderAlerts } from "../../features/delivery/components/NewOrderAlerts.tsx";
import { StaffOrderList } from "../../features/delivery/components/StaffOrderList.tsx";
import { StatusBadge } from "../../features/orders/components/StatusBadge.tsx";
import { usePageTitle } from "../../lib/use-page-title.ts";

/** Spec §2 "Delivery page": admins and delivery staff; new orders and status changes arrive live. */
export default function DeliveryRoute() {
  usePageTitle("Delivery");
  return (
    <AdminGate allow={isStaff}>
      <Typography component="h1" variant="h4" gutterBottom>
        Delivery
      </Typography>
      <NewOrderAlerts />
      <StaffOrderList
        variant="delivery"
        linkTo={(id) => `/order/${id}`}
        renderStatus={(s) => <StatusBadge status={s} />}
      />
    </AdminGate>
  );
}
