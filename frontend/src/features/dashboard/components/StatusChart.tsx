import { PieChart } from "@mui/x-charts/PieChart";
import type { StatusCounts } from "@shop/contracts";

/** Orders by status now, in the status colours of spec §4. */
export const StatusChart = ({ byStatus }: { byStatus: StatusCounts }) => (
  <PieChart
    height={220}
    series={[
      {
        innerRadius: 40,
        data: [
          { id: 1, value: byStatus.pending, label: "Pending", color: "#9e9e9e" },
          { id: 2, value: byStatus.processing, label: "Processing", color: "#ed6c02" },
          { id: 3, value: byStatus.delivered, label: "Delivered", color: "#2e7d32" },
        ],
      },
    ]}
  />
);
