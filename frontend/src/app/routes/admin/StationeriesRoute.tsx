import { StationeryManager } from "../../../features/admin/components/StationeryManager.tsx";
import { usePageTitle } from "../../../lib/use-page-title.ts";

export default function StationeriesRoute() {
  usePageTitle("Stationery (admin)");
  return <StationeryManager />;
}
