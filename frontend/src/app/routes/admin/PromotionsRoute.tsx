import { PromotionsManager } from "../../../features/admin/components/PromotionsManager.tsx";

export default function PromotionsRoute() {
  return <PromotionsManager />;
}
