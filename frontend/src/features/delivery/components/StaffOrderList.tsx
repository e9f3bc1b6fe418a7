import Alert from "@mui/material/Alert";
import Avatar from "@mui/material/Avatar";
import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { formatRupees, type OrderSummary, Texts } from "@shop/contracts";
import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router-dom";
import { LoadMore } from "../../../components/ui/LoadMore.tsx";
import { breakAnywhere, tableCards } from "../../../components/ui/tableCards.ts";
import { isApiError } from "../../../lib/api-client.ts";
import { bookImage } from "../../../lib/format.ts";
import { formatIstDate } from "../../../lib/ist.ts";
import type { OrderFilterValues } from "../../orders/api/order-filters.ts";
import { useStaffOrders } from "../api/get-staff-orders.ts";
import { useNewOrderNotices } from "../hooks/useNewOrderNotices.ts";

interface Column {
  header: string;
  cell: (o: OrderSummary) => ReactNode;
  /** Free text: may break anywhere at table widths. */
  long?: true;
}

const date: Column = { header: "Date", cell: (o) => formatIstDate(o.placedAt) };
const phone: Column = { header: "Phone", cell: (o) => o.customer.contact };
const email: Column = { header: "E-mail", cell: (o) => o.customer.email, long: true };
const total: Column = { header: "Total", cell: (o) => formatRupees(o.payablePaise) };
const items: Column = { header: "Items", cell: (o) => o.itemsCount };

/** Spec §2: the admin list shows the first product; the delivery page the address and the customer. */
const columns: Record<StaffOrderListProps["variant"], Column[]> = {
  admin: [
    date,
    {
      header: "Product",
      long: true,
      cell: (o) => (
        <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
          <Avatar variant="rounded" src={bookImage(o.firstItem.imageUrl)} alt={o.firstItem.title} />
          {o.firstItem.title}
        </Box>
      ),
    },
    total,
    phone,
    email,
  ],
  delivery: [
    date,
    { header: "Address", cell: (o) => o.shippingAddress, long: true },
    { header: "Customer", cell: (o) => o.customer.name, long: true },
    phone,
    email,
    total,
  ],
};

/**
 * A table only where its columns fit: the admin's eight from 1024 px, the rider's nine (an address
 * among them) from 1200 px; a tablet, or a phone on its side, gets cards.
 */
const cards = { admin: tableCards(1024), delivery: tableCards(1200) };

/** The row's one link, what opens the order: on a touch screen as big as a thumb (it was 20 px high). */
const tapTarget = {
  "@media (pointer: coarse)": { display: "inline-flex", alignItems: "center", minHeight: 44, minWidth: 44 },
} as const;

interface StaffOrderListProps {
  variant: "admin" | "delivery";
  /** Where a row leads. */
  linkTo: (orderId: string) => string;
  /** The status badge (the order feature's), given by the page. */
  renderStatus: (status: number) => ReactNode;
  /** The admin's filters (none: every order, patched live). */
  filters?: OrderFilterValues;
}

/** Every customer's orders for admins and delivery staff, live as orders come in and change. */
export const StaffOrderList = ({ variant, linkTo, renderStatus, filters }: StaffOrderListProps) => {
  const orders = useStaffOrders(filters);
  useNewOrderNotices(variant === "delivery");
  if (orders.isPending) return <Typography>Loading...</Typography>;
  if (orders.isError)
    return (
      <Alert severity="error">
        {isApiError(orders.error) && orders.error.status === 400
          ? orders.error.errors.map((e) => e.message).join(". ") || orders.error.detail
          : Texts.failedToFetch}
      </Alert>
    );
  const rows = orders.data.pages.flatMap((p) => p.items);
  if (rows.length === 0) return <Typography sx={{ my: 4 }}>{Texts.noOrders}</Typography>;
  const cols = columns[variant];
  return (
    <>
      <TableContainer>
        <Table size="small" aria-label="Orders" sx={cards[variant]}>
          <TableHead>
            <TableRow>
              <TableCell>Order ID</TableCell>
              {cols.map((c) => (
                <TableCell key={c.header}>{c.header}</TableCell>
              ))}
              <TableCell>Status</TableCell>
              <TableCell>Items</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((o) => (
              <TableRow key={o.id} hover data-testid="staff-order-row">
                <TableCell data-label="Order ID">
                  <Link component={RouterLink} to={linkTo(o.id)} sx={tapTarget}>
                    #{o.shortId}
                  </Link>
                </TableCell>
                {cols.map((c) => (
                  <TableCell key={c.header} data-label={c.header} sx={c.long ? breakAnywhere : undefined}>
                    {c.cell(o)}
                  </TableCell>
                ))}
                <TableCell data-label="Status">{renderStatus(o.status)}</TableCell>
                <TableCell data-label="Items">{items.cell(o)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <LoadMore pages={orders} />
    </>
  );
};
