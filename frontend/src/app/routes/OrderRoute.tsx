import { useParams } from "react-router-dom";
import { OrderDetails } from "../../features/orders/components/OrderDetails.tsx";

export default function OrderRoute() {
  const { orderId = "" } = useParams();
  return <OrderDetails key={orderId} orderId={orderId} />;
}
