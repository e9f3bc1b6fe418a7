import Alert from "@mui/material/Alert";
import Avatar from "@mui/material/Avatar";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemAvatar from "@mui/material/ListItemAvatar";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemText from "@mui/material/ListItemText";
import Typography from "@mui/material/Typography";
import { formatRupees, Texts } from "@shop/contracts";
import { Link as RouterLink } from "react-router-dom";
import { LoadMore } from "../../../components/ui/LoadMore.tsx";
import { bookImage, formatDate } from "../../../lib/format.ts";
import { type OrdersScope, useOrders } from "../api/get-orders.ts";
import { StatusBadge } from "./StatusBadge.tsx";

/**
 * Spec "Orders list": admins see every order (`scope=all`) titled with the customer's name and
 * e-mail; everyone else their own, titled with the first product.
 */
export const OrderList = ({
  scope = "mine",
  showCustomer = false,
}: {
  scope?: OrdersScope;
  showCustomer?: boolean;
}) => {
  const orders = useOrders(scope);
  if (orders.isPending) return <Typography>Loading...</Typography>;
  if (orders.isError) return <Alert severity="error">{Texts.failedToFetch}</Alert>;
  const items = orders.data.pages.flatMap((p) => p.items);
  if (items.length === 0) return <Typography sx={{ my: 4 }}>{Texts.noOrders}</Typography>;
  return (
    <>
      <List>
        {items.map((o) => (
          <ListItem key={o.id} disablePadding divider data-testid="order-row">
            <ListItemButton component={RouterLink} to={`/order/${o.id}`}>
              <ListItemAvatar>
                <Avatar variant="rounded" src={bookImage(o.firstItem.imageUrl)} alt={o.firstItem.title} />
              </ListItemAvatar>
              <ListItemText
                // A long e-mail breaks where it must instead of pushing the status off the row.
                sx={{ minWidth: 0, mr: 1, overflowWrap: "anywhere" }}
                primary={showCustomer ? o.customer.name : o.firstItem.title}
                secondary={`#${o.shortId} · ${formatDate(o.placedAt)} · ${o.itemsCount} item${
                  o.itemsCount === 1 ? "" : "s"
                } · ${formatRupees(o.payablePaise)}${showCustomer ? ` · ${o.customer.email}` : ""}`}
              />
              <StatusBadge status={o.status} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
      <LoadMore pages={orders} />
    </>
  );
};
