import Typography from "@mui/material/Typography";
import { SalesDashboard } from "../../../features/dashboard/components/SalesDashboard.tsx";
import { usePageTitle } from "../../../lib/use-page-title.ts";

/** `/admin/dashboard`: its own chunk, and the only one that loads the charts. */
export default function DashboardRoute() {
  usePageTitle("Sales Dashboard");
  return (
    <>
      <Typography component="h1" variant="h4" gutterBottom>
        Sales Dashboard
      </Typography>
      <SalesDashboard />
    </>
  );
}
