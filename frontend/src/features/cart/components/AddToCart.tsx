import Button, { type ButtonProps } from "@mui/material/Button";
import { Texts } from "@shop/contracts";
import { useLocation, useNavigate } from "react-router-dom";
import { toast } from "../../../components/ui/toast.ts";
import { isApiError } from "../../../lib/api-client.ts";
import { useCurrentUser } from "../../../stores/session.ts";
import { useAddCartItem } from "../api/cart.ts";

interface AddToCartProps {
  productId: string;
  /** Spec §5: list pages toast 'Login First!'; detail pages go to /login. */
  whenLoggedOut: "toast" | "login";
  size?: ButtonProps["size"];
}

export const AddToCart = ({ productId, whenLoggedOut, size = "small" }: AddToCartProps) => {
  const user = useCurrentUser();
  const add = useAddCartItem();
  const navigate = useNavigate();
  const location = useLocation();

  const click = () => {
    if (!user) {
      if (whenLoggedOut === "toast") toast.error(Texts.loginFirst);
      else navigate("/login", { state: { from: `${location.pathname}${location.search}` } });
      return;
    }
    add.mutate(productId, {
      onSuccess: () => toast.success(Texts.addedToCart),
      onError: (error) =>
        toast.error(isApiError(error) && error.status === 401 ? Texts.loginFirst : Texts.addToCartFailed),
    });
  };

  return (
    <Button variant="outlined" size={size} onClick={click} disabled={add.isPending}>
      Add to Cart
    </Button>
  );
};
