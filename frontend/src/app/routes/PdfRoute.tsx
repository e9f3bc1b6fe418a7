import { useSearchParams } from "react-router-dom";
import { ReceiptPreview } from "../../features/orders/components/ReceiptPreview.tsx";
import { usePageTitle } from "../../lib/use-page-title.ts";

export default function PdfRoute() {
  const [params] = useSearchParams();
  const orderId = params.get("orderId") ?? "";
  usePageTitle(orderId ? `Receipt · Order #${orderId.slice(-8)}` : "Receipt");
  return <ReceiptPreview key={orderId} orderId={orderId} />;
}
