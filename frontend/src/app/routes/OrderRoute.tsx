import { useParams } from "react-router-dom";
import { OrderDetails } from "../../features/orders/components/OrderDetails.tsx";
import { usePageTitle } from "../../lib/use-page-title.ts";
import { useCurrentUser } from "../../stores/session.ts";
import { staffOrderSlots } from "./staff-order-slots.tsx";

export default function OrderRoute() {
  const { orderId = "" } = useParams();
  usePageTitle(`Order #${orderId.slice(-8)}`);
  const accType = useCurrentUser()?.accType;
  return <OrderDetails key={orderId} orderId={orderId} {...staffOrderSlots(accType)} />;
}
