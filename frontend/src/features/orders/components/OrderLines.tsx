import Avatar from "@mui/material/Avatar";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemAvatar from "@mui/material/ListItemAvatar";
import ListItemText from "@mui/material/ListItemText";
import Typography from "@mui/material/Typography";
import { discountPercent, formatRupees, type OrderLine } from "@shop/contracts";

const kindLabel = { book: "Book", notebook: "Notebook", stationery: "Stationery" } as const;

export const OrderLines = ({ items }: { items: OrderLine[] }) => (
  <section aria-labelledby="order-lines">
    <Typography id="order-lines" component="h2" variant="h6">
      Summary
    </Typography>
    <List>
      {items.map((l) => (
        <ListItem key={l.productId} divider disableGutters>
          <ListItemAvatar>
            <Avatar variant="rounded" src={l.imageUrl} alt={l.title} sx={{ width: 56, height: 56, mr: 2 }} />
          </ListItemAvatar>
          <ListItemText
            primary={l.title}
            secondary={`${kindLabel[l.kind]} · ${formatRupees(l.pricePaise)} · ${discountPercent(
              l.pricePaise,
              l.discountPaise,
            )}% off · Qty ${l.quantity}`}
          />
        </ListItem>
      ))}
    </List>
  </section>
);
