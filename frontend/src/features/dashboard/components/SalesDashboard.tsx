import Alert from "@mui/material/Alert";
import Grid from "@mui/material/Grid";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { formatRupees, type ProductFigures, type SchoolFigures } from "@shop/contracts";
import { useDashboard } from "../api/get-dashboard.ts";
import { DailyChart, dayLabel } from "./DailyChart.tsx";
import { FigureCard } from "./FigureCard.tsx";
import { type Column, FiguresTable } from "./FiguresTable.tsx";
import { StatusChart } from "./StatusChart.tsx";

const count = (n: number) => n.toLocaleString("en-IN");

const schoolColumns: Column<SchoolFigures>[] = [
  { label: "School", cell: (s) => s.name || "Unnamed school" },
  { label: "Orders", cell: (s) => count(s.orders), numeric: true },
  { label: "Revenue", cell: (s) => formatRupees(s.revenuePaise), numeric: true },
  { label: "Delivered", cell: (s) => formatRupees(s.deliveredRevenuePaise), numeric: true },
];
/** A top book's title with its school's name under it (same-title books of two schools differ). */
const productColumns = (schools: SchoolFigures[]): Column<ProductFigures>[] => [
  {
    label: "Title",
    cell: (p) => {
      const school = p.schoolId ? schools.find((s) => s.schoolId === p.schoolId)?.name : undefined;
      return (
        <>
          {p.title}
          {school && (
            <Typography variant="body2" color="text.secondary">
              {school}
            </Typography>
          )}
        </>
      );
    },
  },
  { label: "Sold", cell: (p) => count(p.quantity), numeric: true },
  { label: "Revenue", cell: (p) => formatRupees(p.revenuePaise), numeric: true },
];

/**
 * Issue 21's live sales dashboard: fetched once, then moved by the admin room's
 * `dashboard.updated` (the figures change while the admin watches).
 */
export const SalesDashboard = () => {
  const dashboard = useDashboard();
  if (dashboard.isPending) return <Typography>Loading...</Typography>;
  if (dashboard.isError) return <Alert severity="error">Error in loading the dashboard!</Alert>;
  const d = dashboard.data;
  const sum = (f: (x: (typeof d.days)[number]) => number) => d.days.reduce((n, x) => n + f(x), 0);
  const first = d.days[0]?.day ?? d.today;
  const period = `${dayLabel(first)} – ${dayLabel(d.today)} (IST)`;
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <FigureCard
          label="Revenue, last 30 days"
          value={formatRupees(sum((x) => x.revenuePaise))}
          note={period}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <FigureCard
          label="Delivered revenue, last 30 days"
          value={formatRupees(sum((x) => x.deliveredRevenuePaise))}
          note="of the orders placed in those days"
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 2 }}>
        <FigureCard label="Orders, last 30 days" value={count(sum((x) => x.orders))} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 2 }}>
        <FigureCard
          label="Average order value"
          value={formatRupees(d.averageOrderPaise)}
          note={`${count(d.totals.orders)} order${d.totals.orders === 1 ? "" : "s"} in all`}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 2 }}>
        <FigureCard label="Book lists waiting" value={count(d.totals.bookListsWaiting)} />
      </Grid>
      <Grid size={{ xs: 12, md: 8 }}>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography component="h2" variant="h6">
            Revenue and orders per day
          </Typography>
          <DailyChart days={d.days} />
        </Paper>
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography component="h2" variant="h6">
            Orders by status
          </Typography>
          <StatusChart byStatus={d.totals.byStatus} />
          <Grid container spacing={1}>
            {(
              [
                ["Pending", d.totals.byStatus.pending],
                ["Processing", d.totals.byStatus.processing],
                ["Delivered", d.totals.byStatus.delivered],
              ] as const
            ).map(([label, n]) => (
              <Grid key={label} size={4}>
                <FigureCard label={label} value={count(n)} />
              </Grid>
            ))}
          </Grid>
        </Paper>
      </Grid>
      <Grid size={{ xs: 12 }}>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <FiguresTable
            caption="Per school"
            rows={d.schools}
            columns={schoolColumns}
            rowKey={(s) => s.schoolId ?? "none"}
            empty="No orders yet."
          />
        </Paper>
      </Grid>
      {(
        [
          ["Top 10 books", d.topBooks, "No books sold yet."],
          ["Top 10 notebooks", d.topNotebooks, "No notebooks sold yet."],
        ] as const
      ).map(([caption, rows, empty]) => (
        <Grid key={caption} size={{ xs: 12, md: 6 }}>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <FiguresTable
              caption={caption}
              rows={rows}
              columns={productColumns(d.schools)}
              rowKey={(p) => p.productId}
              empty={empty}
            />
          </Paper>
        </Grid>
      ))}
    </Grid>
  );
};
