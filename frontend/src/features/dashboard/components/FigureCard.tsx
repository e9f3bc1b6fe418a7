import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";

/** One headline figure; its label names it for screen readers and tests. */
export const FigureCard = ({ label, value, note }: { label: string; value: string; note?: string }) => (
  <Paper variant="outlined" sx={{ p: 2, height: "100%" }} role="group" aria-label={label}>
    <Typography variant="body2" color="text.secondary">
      {label}
    </Typography>
    <Typography variant="h5" component="p" sx={{ fontWeight: 600 }} data-testid="figure-value">
      {value}
    </Typography>
    {note && (
      <Typography variant="caption" color="text.secondary">
        {note}
      </Typography>
    )}
  </Paper>
);
