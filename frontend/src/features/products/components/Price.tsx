import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { discountPercent, formatRupees, payablePaise } from "@shop/contracts";

interface PriceProps {
  pricePaise: number;
  discountPaise: number;
  size?: "small" | "large";
}

/** Spec §9: the shown price is price minus discount, with the discount as a whole percent. */
export const Price = ({ pricePaise, discountPaise, size = "small" }: PriceProps) => {
  const percent = discountPercent(pricePaise, discountPaise);
  return (
    <Box sx={{ display: "flex", alignItems: "baseline", gap: 1, flexWrap: "wrap" }}>
      <Typography
        component="span"
        variant={size === "large" ? "h5" : "subtitle1"}
        sx={{ fontWeight: 600 }}
        data-testid="price"
      >
        {formatRupees(payablePaise(pricePaise, discountPaise))}
      </Typography>
      {discountPaise > 0 && (
        <>
          <Typography component="s" variant="body2" color="text.secondary" aria-label="Original price">
            {formatRupees(pricePaise)}
          </Typography>
          <Typography component="span" variant="body2" color="success.main">
            {percent}% off
          </Typography>
        </>
      )}
    </Box>
  );
};
