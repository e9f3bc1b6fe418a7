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

export const QuantityStepper = ({
  value,
  onChange,
  min = 1,
  max = 99,
  disabled = false,
  label = "quantity",
}: QuantityStepperProps) => (
  <Box sx={{ display: "inline-flex", alignItems: "center", gap: 1 }}>
    <IconButton
      size="small"
      aria-label={`Decrease ${label}`}
      onClick={() => onChange(value - 1)}
      disabled={disabled || value <= min}
      sx={{ border: 1, borderColor: "divider" }}
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
      onClick={() => onChange(value + 1)}
      disabled={disabled || value >= max}
      sx={{ border: 1, borderColor: "divider" }}
    >
      <span aria-hidden="true">+</span>
    </IconButton>
  </Box>
);
