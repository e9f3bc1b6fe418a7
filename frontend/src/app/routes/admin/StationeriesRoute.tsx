import { StationeryManager } from "../../../features/admin/components/StationeryManager.tsx";

export default function StationeriesRoute() {
  return <StationeryManager />;
}
