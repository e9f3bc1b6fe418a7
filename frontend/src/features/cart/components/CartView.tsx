import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Divider from "@mui/material/Divider";
import Grid from "@mui/material/Grid";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import {
  bookPlace,
  CART_LINE_MAX,
  type Cart,
  type CartChange,
  type CartLine,
  formatRupees,
  payablePaise,
  Texts,
} from "@shop/contracts";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { Link as RouterLink, useNavigate } from "react-router-dom";
import { FreeShipping } from "../../../components/ui/FreeShipping.tsx";
import { QuantityStepper } from "../../../components/ui/QuantityStepper.tsx";
import { SHORT_TOAST_MS, toast } from "../../../components/ui/toast.ts";
import { isApiError } from "../../../lib/api-client.ts";
import { bookImage, cutTitle } from "../../../lib/format.ts";
import { useLiveEvent } from "../../../lib/live-events.ts";
import { useCurrentUser } from "../../../stores/session.ts";
import { useChangeCartQuantity, useRemoveCartItem } from "../api/cart.ts";
import { useCartQuery } from "../hooks/useCartQuery.ts";
import { cartChangeText } from "./cart-change-text.ts";

const CheckoutDialog = lazy(() => import("./CheckoutDialog.tsx"));

/**
 * Why a quantity change or a removal was refused: the server's words (too many changes say how
 * long to wait), or 'Failed to fetch!' when it could not answer. The line stays as the server has it.
 */
const refusal = (error: unknown): string => (isApiError(error) ? error.detail : Texts.failedToFetch);
export const NO_ITEMS = "No Items Here";
export const NO_PRODUCTS_FOUND = "No Products Found";
export const PLACING_ORDER = "Placing your order…";

const productLink = (line: CartLine) =>
  line.product.kind === "book" ? `/product/${line.productId}` : `/stationery/${line.productId}`;

const Line = ({ line, notice }: { line: CartLine; notice: CartChange | undefined }) => {
  const change = useChangeCartQuantity();
  const remove = useRemoveCartItem();
  const busy = change.isPending || remove.isPending;
  const { product } = line;
  return (
    <Box
      component="li"
      data-testid="cart-line"
      sx={{ display: "flex", gap: 2, py: 2, alignItems: "center", flexWrap: "wrap" }}
    >
      <Box
        component="img"
        src={bookImage(product.imageUrl)}
        alt={product.title}
        sx={{ width: 72, height: 96, objectFit: "contain", bgcolor: "grey.100", borderRadius: 1 }}
      />
      <Box sx={{ flexGrow: 1, minWidth: 160 }}>
        <Typography
          component={RouterLink}
          to={productLink(line)}
          title={product.title}
          sx={{ color: "inherit", fontWeight: 600 }}
        >
          {cutTitle(product.title)}
        </Typography>
        {bookPlace(product) && (
          <Typography variant="body2" data-testid="book-place">
            {bookPlace(product)}
          </Typography>
        )}
        <Typography variant="body2" color="text.secondary">
          {formatRupees(payablePaise(product.pricePaise, product.discountPaise))} each
        </Typography>
      </Box>
      <QuantityStepper
        value={line.quantity}
        max={CART_LINE_MAX}
        label={`quantity of ${product.title}`}
        disabled={busy}
        onChange={(quantity) =>
          change.mutate(
            { productId: line.productId, quantity },
            { onError: (error) => toast.error(refusal(error)) },
          )
        }
      />
      <Typography sx={{ minWidth: 96, textAlign: "right", fontWeight: 600 }}>
        {formatRupees(payablePaise(product.pricePaise, product.discountPaise) * line.quantity)}
      </Typography>
      <Button
        color="error"
        size="small"
        // Held, not disabled, while a change is on its way: the keyboard's focus stays on it.
        aria-disabled={busy}
        aria-label={`Remove ${product.title}`}
        // mutateAsync: a live cart.updated can unmount this line before the answer, dropping mutate's callbacks.
        onClick={() =>
          busy ||
          remove.mutateAsync(line.productId).then(
            () => toast.success("Product Removed", { autoHideMs: SHORT_TOAST_MS }),
            (error: unknown) => toast.error(refusal(error)),
          )
        }
      >
        Remove
      </Button>
      {notice && (
        <Alert severity="info" data-testid="cart-line-change" sx={{ flexBasis: "100%", py: 0 }}>
          {cartChangeText(notice)}
        </Alert>
      )}
    </Box>
  );
};

const Summary = ({ cart, onBuy }: { cart: Cart; onBuy: () => void }) => (
  <Paper variant="outlined" component="section" aria-labelledby="cart-summary" sx={{ p: 2 }}>
    <Typography id="cart-summary" component="h2" variant="h6" gutterBottom>
      Cart Summary
    </Typography>
    <Stack spacing={1}>
      <Row label="Price">{formatRupees(cart.totals.pricePaise)}</Row>
      <Row label="Discount">− {formatRupees(cart.totals.discountPaise)}</Row>
      <Row label="Shipping">
        <FreeShipping />
      </Row>
      <Divider />
      <Row label="Total Amount" strong>
        <span data-testid="cart-total">{formatRupees(cart.totals.payablePaise)}</span>
      </Row>
      <Button variant="contained" size="large" onClick={onBuy}>
        Buy Now
      </Button>
    </Stack>
  </Paper>
);

const Row = ({ label, children, strong }: { label: string; children: ReactNode; strong?: boolean }) => (
  <Box sx={{ display: "flex", justifyContent: "space-between", fontWeight: strong ? 700 : 400 }}>
    <span>{label}</span>
    <span>{children}</span>
  </Box>
);

export const CartView = () => {
  const user = useCurrentUser();
  const cart = useCartQuery();
  const navigate = useNavigate();
  const [checkingOut, setCheckingOut] = useState(false);
  const [placing, setPlacing] = useState(false);
  // Said once, as it happens; the notice on the line (or above the list) stays until acted on.
  useLiveEvent("cart.productChanged", ({ change }) => toast.info(cartChangeText(change)));

  if (cart.isPending) return <Typography>Loading...</Typography>;
  if (cart.isError) return <Alert severity="error">{NO_PRODUCTS_FOUND}</Alert>;
  const changes = cart.data.changes ?? [];
  const removed = changes.map((c) =>
    c.after === null ? (
      <Alert key={c.productId} severity="warning" data-testid="cart-removed-notice" sx={{ mb: 1 }}>
        {cartChangeText(c)}
      </Alert>
    ) : null,
  );
  // The emptied cart (live, or refetched) can come before the order's answer on a slow
  // connection: the order is on its way, the cart is not lost.
  if (cart.data.items.length === 0 && placing)
    return (
      <Typography role="status" sx={{ my: 4 }}>
        {PLACING_ORDER}
      </Typography>
    );
  if (cart.data.items.length === 0)
    return (
      <>
        {removed}
        <Typography sx={{ my: 4 }}>{NO_ITEMS}</Typography>
      </>
    );

  const buy = () => {
    if (!user) navigate("/login", { state: { from: "/cart" } });
    else setCheckingOut(true);
  };

  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 8 }}>
        {removed}
        <Box
          component="ul"
          aria-label="Cart items"
          sx={{ listStyle: "none", p: 0, m: 0, "& > li + li": { borderTop: 1, borderColor: "divider" } }}
        >
          {cart.data.items.map((line) => (
            <Line
              key={line.productId}
              line={line}
              notice={changes.find((c) => c.productId === line.productId)}
            />
          ))}
        </Box>
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <Summary cart={cart.data} onBuy={buy} />
      </Grid>
      {checkingOut && (
        <Suspense fallback={null}>
          <CheckoutDialog
            open={checkingOut}
            payablePaise={cart.data.totals.payablePaise}
            onClose={() => setCheckingOut(false)}
            onOrdered={() => navigate("/orders")}
            onPlacing={setPlacing}
          />
        </Suspense>
      )}
    </Grid>
  );
};
