import { BarChart } from "@mui/x-charts/BarChart";
import { LineChart } from "@mui/x-charts/LineChart";
import type { DayFigures } from "@shop/contracts";

const shortDay = new Intl.DateTimeFormat("en-IN", { day: "2-digit", month: "short", timeZone: "UTC" });
/** `2026-11-24` → `24 Nov` (the day is already an IST day). */
export const dayLabel = (day: string): string => shortDay.format(new Date(`${day}T00:00:00Z`));
const rupees = (paise: number) => paise / 100;
const inRupees = (v: number | null) =>
  v === null ? "" : `₹${v.toLocaleString("en-IN", { maximumFractionDigits: 2 })}`;

/** Revenue of the orders placed each IST day, the delivered part beside it; and the order count. */
export const DailyChart = ({ days }: { days: DayFigures[] }) => {
  const labels = days.map((d) => dayLabel(d.day));
  return (
    <>
      <BarChart
        height={280}
        xAxis={[{ data: labels, scaleType: "band" }]}
        series={[
          { data: days.map((d) => rupees(d.revenuePaise)), label: "Revenue", valueFormatter: inRupees },
          {
            data: days.map((d) => rupees(d.deliveredRevenuePaise)),
            label: "Delivered",
            valueFormatter: inRupees,
          },
        ]}
      />
      <LineChart
        height={200}
        xAxis={[{ data: labels, scaleType: "point" }]}
        series={[{ data: days.map((d) => d.orders), label: "Orders", area: true }]}
      />
    </>
  );
};
