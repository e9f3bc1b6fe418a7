import Typography from "@mui/material/Typography";
import { isAdmin } from "@shop/contracts";
import { OrderList } from "../../features/orders/components/OrderList.tsx";
import { usePageTitle } from "../../lib/use-page-title.ts";
import { useCurrentUser } from "../../stores/session.ts";

export default function OrdersRoute() {
  usePageTitle("Orders");
  const admin = isAdmin(useCurrentUser()?.accType);
  return (
    <>
      <Typography component="h1" variant="h4" gutterBottom>
        Orders
      </Typography>
      <OrderList key={admin ? "all" : "mine"} scope={admin ? "all" : "mine"} showCustomer={admin} />
    </>
  );
}
