import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { useSchools } from "../../../features/admin/api/get-schools.ts";
import { StaffOrderList } from "../../../features/delivery/components/StaffOrderList.tsx";
import { ordersCsvUrl } from "../../../features/orders/api/order-filters.ts";
import { OrderFilterBar } from "../../../features/orders/components/OrderFilterBar.tsx";
import { StatusBadge } from "../../../features/orders/components/StatusBadge.tsx";
import { useOrderFilters } from "../../../features/orders/hooks/useOrderFilters.ts";
import { usePageTitle } from "../../../lib/use-page-title.ts";

/** Every order for admins, filtered by the URL's filters, with the same filters' CSV export. */
export default function ViewOrdersRoute() {
  usePageTitle("All Orders");
  const [filters, setFilters] = useOrderFilters();
  const schools = useSchools();
  return (
    <>
      <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 2 }}>
        <Typography component="h1" variant="h4" gutterBottom>
          Orders
        </Typography>
        <Button component="a" href={ordersCsvUrl(filters)} download="orders.csv" variant="outlined">
          Export CSV
        </Button>
      </Box>
      <OrderFilterBar
        key={JSON.stringify(filters)}
        value={filters}
        onChange={setFilters}
        schools={schools.data ?? []}
      />
      <StaffOrderList
        variant="admin"
        filters={filters}
        linkTo={(id) => `/admin/viewOrder/${id}`}
        renderStatus={(s) => <StatusBadge status={s} />}
      />
    </>
  );
}
