import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import Typography from "@mui/material/Typography";

interface QuantityStepperProps {
  value: number;
  onChange: (next: number) => void;
  min?: number;
  max?: number;
  disabled?: boolean;
  /** Names the buttons, e.g. "quantity" or "quantity of Atlas". */
  label?: string;
}

/**
 * A step that cannot be taken now (at a bound, or while a change is on its way) is held rather
 * than disabled: aria-disabled, drawn faded, a press ignored. A disabled button drops the
 * keyboard's focus to the page, so the next press of a keyboard user went nowhere.
 */
const held = (off: boolean) =>
  ({
    border: 1,
    borderColor: "divider",
    ...(off && { opacity: 0.38, cursor: "default" }),
  }) as const;

export const QuantityStepper = ({
  value,
  onChange,
  min = 1,
  max = 99,
  disabled = false,
  label = "quantity",
}: QuantityStepperProps) => {
  const noLess = disabled || value <= min;
  const noMore = disabled || value >= max;
  return (
    <Box sx={{ display: "inline-flex", alignItems: "center", gap: 1 }}>
      <IconButton
        size="small"
        aria-label={`Decrease ${label}`}
        onClick={() => noLess || onChange(value - 1)}
        aria-disabled={noLess}
        sx={held(noLess)}
      >
        <span aria-hidden="true">−</span>
      </IconButton>
      <Typography
        component="output"
        aria-label={label[0]?.toUpperCase() + label.slice(1)}
        sx={{ minWidth: 24, textAlign: "center" }}
      >
        {value}
      </Typography>
      <IconButton
        size="small"
        aria-label={`Increase ${label}`}
        onClick={() => noMore || onChange(value + 1)}
        aria-disabled={noMore}
        sx={held(noMore)}
      >
        <span aria-hidden="true">+</span>
      </IconButton>
    </Box>
  );
};
