import Box from "@mui/material/Box";
import { formatRupees, NOMINAL_SHIPPING_PAISE } from "@shop/contracts";

/** The spec's shipping line: the nominal charge struck through, then "Free". */
export const FreeShipping = () => (
  <>
    <Box component="s" sx={{ color: "text.secondary", mr: 1 }}>
      {formatRupees(NOMINAL_SHIPPING_PAISE)}
    </Box>
    <Box component="span" sx={{ color: "success.main" }}>
      Free
    </Box>
  </>
);
