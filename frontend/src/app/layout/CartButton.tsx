import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { useId } from "react";
import { Link as RouterLink } from "react-router-dom";
import { CartIcon } from "../../components/ui/icons.tsx";
import { useCart } from "../../features/cart/api/cart.ts";
import { useCurrentUser, useSessionChecked } from "../../stores/session.ts";

// Round icon buttons from Button: IconButton would add its own chunk to the first load.
const iconButton = { minWidth: 0, p: 1, borderRadius: "50%" } as const;

/** How many items the cart holds: the sum of its lines' quantities. */
export const cartCount = (items: readonly { quantity: number }[] | undefined): number =>
  (items ?? []).reduce((sum, line) => sum + line.quantity, 0);

/** The bar's cart link, with the number of items in the cart (none shown while it is empty). */
export default function CartButton() {
  // Asked once the server has confirmed the session: a stored user whose session has ended would
  // otherwise cost every page load a 401 in the console.
  const user = useCurrentUser();
  const checked = useSessionChecked();
  const cart = useCart(user !== null && checked);
  const count = cartCount(cart.data?.items);
  const countId = useId();
  // The link's name stays "Cart"; the count is its description ("3 items"). The badge sits beside
  // the link, not in it: text inside a link must be part of its name (axe label-content-name-mismatch).
  return (
    <Box sx={{ position: "relative", flexShrink: 0, display: "inline-flex" }}>
      <Button
        color="inherit"
        component={RouterLink}
        to="/cart"
        aria-label="Cart"
        aria-describedby={count > 0 ? countId : undefined}
        sx={iconButton}
      >
        <CartIcon />
      </Button>
      {count > 0 && (
        <Box
          component="span"
          aria-hidden
          data-testid="cart-count"
          sx={{
            position: "absolute",
            top: 0,
            right: -2,
            minWidth: 18,
            height: 18,
            px: 0.5,
            borderRadius: 9,
            bgcolor: "error.main",
            color: "common.white",
            fontSize: 11,
            fontWeight: 700,
            lineHeight: "18px",
            textAlign: "center",
            pointerEvents: "none",
          }}
        >
          {count > 99 ? "99+" : count}
        </Box>
      )}
      {count > 0 && (
        <Box component="span" id={countId} hidden>
          {`${count} ${count === 1 ? "item" : "items"}`}
        </Box>
      )}
    </Box>
  );
}
