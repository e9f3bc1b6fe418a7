import { useParams } from "react-router-dom";
import { OrderDetails } from "../../features/orders/components/OrderDetails.tsx";
import { useCurrentUser } from "../../stores/session.ts";
import { staffOrderSlots } from "./staff-order-slots.tsx";

export default function OrderRoute() {
  const { orderId = "" } = useParams();
  const accType = useCurrentUser()?.accType;
  return <OrderDetails key={orderId} orderId={orderId} {...staffOrderSlots(accType)} />;
}
