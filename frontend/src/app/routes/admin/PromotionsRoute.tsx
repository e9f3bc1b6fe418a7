import { PromotionsManager } from "../../../features/admin/components/PromotionsManager.tsx";
import { usePageTitle } from "../../../lib/use-page-title.ts";

export default function PromotionsRoute() {
  usePageTitle("Promotions");
  return <PromotionsManager />;
}
