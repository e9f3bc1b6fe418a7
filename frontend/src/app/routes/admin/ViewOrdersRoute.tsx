import Typography from "@mui/material/Typography";
import { StaffOrderList } from "../../../features/delivery/components/StaffOrderList.tsx";
import { StatusBadge } from "../../../features/orders/components/StatusBadge.tsx";

export default function ViewOrdersRoute() {
  return (
    <>
      <Typography component="h1" variant="h4" gutterBottom>
        Orders
      </Typography>
      <StaffOrderList
        variant="admin"
        linkTo={(id) => `/admin/viewOrder/${id}`}
        renderStatus={(s) => <StatusBadge status={s} />}
      />
    </>
  );
}
