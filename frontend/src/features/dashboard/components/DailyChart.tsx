import Box from "@mui/material/Box";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import { BarChart } from "@mui/x-charts/BarChart";
import { LineChart } from "@mui/x-charts/LineChart";
import { type DayFigures, formatRupees } from "@shop/contracts";

const shortDay = new Intl.DateTimeFormat("en-IN", { day: "2-digit", month: "short", timeZone: "UTC" });
/** `2026-11-24` → `24 Nov` (the day is already an IST day). */
export const dayLabel = (day: string): string => shortDay.format(new Date(`${day}T00:00:00Z`));
const rupees = (paise: number) => paise / 100;
const inRupees = (v: number | null) =>
  v === null ? "" : `₹${v.toLocaleString("en-IN", { maximumFractionDigits: 2 })}`;

/** Revenue of the orders placed each IST day, the delivered part beside it; and the order count. */
export const DailyChart = ({ days }: { days: DayFigures[] }) => {
  const labels = days.map((d) => dayLabel(d.day));
  // Axes start at 0 in whole steps; with nothing sold yet a flat [0, 0] domain would label its
  // one tick "0.0…", so an empty axis runs to 1 (and order counts never show halves).
  const empty = (f: (d: DayFigures) => number) => days.every((d) => f(d) === 0);
  const yAxis = (isEmpty: boolean) => [{ min: 0, tickMinStep: 1, ...(isEmpty && { max: 1 }) }];
  return (
    <>
      <BarChart
        height={280}
        xAxis={[{ data: labels, scaleType: "band" }]}
        yAxis={yAxis(empty((d) => d.revenuePaise))}
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
        yAxis={yAxis(empty((d) => d.orders))}
        series={[{ data: days.map((d) => d.orders), label: "Orders", area: true }]}
      />
      {/* The charts' figures as a table: a screen reader reads no bar, and a reader may want the
          exact amounts. Folded, so the charts stay what the card shows. */}
      <Box component="details" sx={{ mt: 1 }}>
        <Box component="summary" sx={{ cursor: "pointer", typography: "body2" }}>
          The figures per day
        </Box>
        <Box sx={{ overflowX: "auto" }}>
          <Table size="small" aria-label="Figures per day">
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col">
                  Day
                </TableCell>
                <TableCell align="right">Revenue</TableCell>
                <TableCell align="right">Delivered</TableCell>
                <TableCell align="right">Orders</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {days.map((d, i) => (
                <TableRow key={d.day}>
                  <TableCell component="th" scope="row">
                    {labels[i]}
                  </TableCell>
                  <TableCell align="right">{formatRupees(d.revenuePaise)}</TableCell>
                  <TableCell align="right">{formatRupees(d.deliveredRevenuePaise)}</TableCell>
                  <TableCell align="right">{d.orders}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      </Box>
    </>
  );
};
