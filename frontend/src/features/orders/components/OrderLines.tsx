import Avatar from "@mui/material/Avatar";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemAvatar from "@mui/material/ListItemAvatar";
import ListItemText from "@mui/material/ListItemText";
import { bookPlace, discountPercent, formatRupees, type OrderLine } from "@shop/contracts";
import { bookImage } from "../../../lib/format.ts";

export const kindLabel = { book: "Book", notebook: "Notebook", stationery: "Stationery" } as const;

/** Spec "Single order" Summary: title, type, original price, discount, image, quantity. */
export const OrderLines = ({ items }: { items: OrderLine[] }) => (
  <List aria-label="Products">
    {items.map((l) => (
      <ListItem key={l.productId} divider disableGutters data-testid="order-line">
        <ListItemAvatar>
          <Avatar
            variant="rounded"
            src={bookImage(l.imageUrl)}
            alt={l.title}
            sx={{ width: 56, height: 72, mr: 2, bgcolor: "grey.100" }}
          />
        </ListItemAvatar>
        <ListItemText
          primary={l.title}
          secondary={[
            kindLabel[l.kind],
            bookPlace(l),
            formatRupees(l.pricePaise),
            `${discountPercent(l.pricePaise, l.discountPaise)}% off`,
            `Qty ${l.quantity}`,
          ]
            .filter(Boolean)
            .join(" · ")}
        />
      </ListItem>
    ))}
  </List>
);
