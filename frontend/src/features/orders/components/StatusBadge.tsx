import Chip from "@mui/material/Chip";
import { statusColour, statusLabel } from "@shop/contracts";

const background: Record<string, string> = {
  grey: "grey.600",
  // warning.main (#ed6c02) gives white text 3.1:1; this orange gives 5.2:1 (WCAG AA asks 4.5:1).
  orange: "#c2410c",
  green: "success.main",
  black: "common.black",
};

/** Spec §4: 1 Pending grey, 2 Processing orange, 3 Delivered green; anything else no label, black. */
export const StatusBadge = ({ status }: { status: number }) => {
  const colour = statusColour(status);
  return (
    <Chip
      data-testid="order-status"
      data-colour={colour}
      label={statusLabel(status)}
      size="small"
      // Never squeezed by its row's other fields: "Processing" stays whole on a 360 px phone.
      sx={{
        bgcolor: background[colour],
        color: "common.white",
        fontWeight: 600,
        minWidth: 24,
        flexShrink: 0,
      }}
    />
  );
};
