import { useSearchParams } from "react-router-dom";
import { ReceiptPreview } from "../../features/orders/components/ReceiptPreview.tsx";

export default function PdfRoute() {
  const [params] = useSearchParams();
  const orderId = params.get("orderId") ?? "";
  return <ReceiptPreview key={orderId} orderId={orderId} />;
}
