import { AdminPanel } from "../../../features/admin/components/AdminPanel.tsx";
import { usePageTitle } from "../../../lib/use-page-title.ts";

export default function AdminPanelRoute() {
  usePageTitle("Admin Panel");
  return <AdminPanel />;
}
