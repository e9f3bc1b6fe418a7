import Avatar from "@mui/material/Avatar";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemAvatar from "@mui/material/ListItemAvatar";
import ListItemText from "@mui/material/ListItemText";
import Typography from "@mui/material/Typography";
import { bookPlace, formatRupees, payablePaise } from "@shop/contracts";
import { bookImage } from "../../../lib/format.ts";
import { useCartQuery } from "../hooks/useCartQuery.ts";

/** Spec "Profile": 'Your Cart Items', or 'No items in your cart.'. */
export const CartItemsPreview = () => {
  const cart = useCartQuery();
  if (cart.isPending) return <Typography>Loading...</Typography>;
  const items = cart.data?.items ?? [];
  if (items.length === 0) return <Typography sx={{ my: 2 }}>No items in your cart.</Typography>;
  return (
    <section aria-labelledby="profile-cart">
      <Typography id="profile-cart" component="h2" variant="h6" sx={{ mt: 2 }}>
        Your Cart Items
      </Typography>
      <List>
        {items.map(({ productId, quantity, product }) => (
          <ListItem key={productId} divider disableGutters>
            <ListItemAvatar>
              <Avatar variant="rounded" src={bookImage(product.imageUrl)} alt={product.title} />
            </ListItemAvatar>
            <ListItemText
              primary={product.title}
              secondary={[
                bookPlace(product),
                `Qty ${quantity}`,
                formatRupees(payablePaise(product.pricePaise, product.discountPaise)),
              ]
                .filter(Boolean)
                .join(" · ")}
            />
          </ListItem>
        ))}
      </List>
    </section>
  );
};
