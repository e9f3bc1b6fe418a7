import Typography from "@mui/material/Typography";
import { SalesDashboard } from "../../../features/dashboard/components/SalesDashboard.tsx";

/** `/admin/dashboard`: its own chunk, and the only one that loads the charts. */
export default function DashboardRoute() {
  return (
    <>
      <Typography component="h1" variant="h4" gutterBottom>
        Sales Dashboard
      </Typography>
      <SalesDashboard />
    </>
  );
}
