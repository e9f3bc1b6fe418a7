import Typography from "@mui/material/Typography";
import { isAdmin } from "@shop/contracts";
import { OrderList } from "../../features/orders/components/OrderList.tsx";
import { useCurrentUser } from "../../stores/session.ts";

export default function OrdersRoute() {
  const user = useCurrentUser();
  return (
    <>
      <Typography component="h1" variant="h4" gutterBottom>
        Orders
      </Typography>
      <OrderList showCustomer={isAdmin(user?.accType)} />
    </>
  );
}
