import Button, { type ButtonProps } from "@mui/material/Button";
import { CART_LINE_MAX, Texts } from "@shop/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useLocation, useNavigate } from "react-router-dom";
import { heldWhile } from "../../../components/ui/held.ts";
import { toast } from "../../../components/ui/toast.ts";
import { isApiError } from "../../../lib/api-client.ts";
import { useCurrentUser } from "../../../stores/session.ts";
import { cartQueryOptions, useAddCartItem } from "../api/cart.ts";

/** Said instead of 'Added to Cart!' when the line is already full and nothing changed. */
export const lineFullText = `Your cart already holds ${CART_LINE_MAX} of this item, the most one line can hold`;

interface AddToCartProps {
  productId: string;
  /** Spec §5: list pages toast 'Login First!'; detail pages go to /login. */
  whenLoggedOut: "toast" | "login";
  size?: ButtonProps["size"];
}

export const AddToCart = ({ productId, whenLoggedOut, size = "small" }: AddToCartProps) => {
  const user = useCurrentUser();
  const add = useAddCartItem();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();

  const click = async () => {
    if (add.isPending) return;
    if (!user) {
      if (whenLoggedOut === "toast") toast.error(Texts.loginFirst);
      else navigate("/login", { state: { from: `${location.pathname}${location.search}` } });
      return;
    }
    // The server fills a line up to the cap and no further: at the cap an add changes nothing.
    const cart = await queryClient.ensureQueryData(cartQueryOptions()).catch(() => undefined);
    const line = cart?.items.find((i) => i.productId === productId);
    if (line && line.quantity >= CART_LINE_MAX) {
      toast.info(lineFullText);
      return;
    }
    add.mutate(productId, {
      onSuccess: () => toast.success(Texts.addedToCart),
      onError: (error) =>
        toast.error(
          isApiError(error) && error.status === 401
            ? Texts.loginFirst
            : // Too many cart changes: the spec's text, then how long to wait (the server's Retry-After).
              isApiError(error) && error.status === 429 && error.retryAfterSeconds
              ? `${Texts.addToCartFailed} ${error.detail}`
              : Texts.addToCartFailed,
        ),
    });
  };

  return (
    <Button variant="outlined" size={size} onClick={() => void click()} {...heldWhile(add.isPending)}>
      Add to Cart
    </Button>
  );
};
