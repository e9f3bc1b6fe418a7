import { AdminPanel } from "../../../features/admin/components/AdminPanel.tsx";

export default function AdminPanelRoute() {
  return <AdminPanel />;
}
