import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import Typography from "@mui/material/Typography";
import { statusLabel, type TimelineEntry } from "@shop/contracts";
import { formatDateTime } from "../../../lib/format.ts";

const describe = (e: TimelineEntry): string => {
  switch (e.type) {
    case "OrderPlaced":
      return "Order placed";
    case "OrderStatusChanged":
      return `Status changed${e.from ? ` from ${statusLabel(e.from)}` : ""} to ${statusLabel(e.to ?? 0) || "unknown"}`;
    case "DeliveryOtpSent":
      return "Delivery OTP sent";
    case "OrderDelivered":
      return "Delivered";
    default: {
      const unknown: never = e.type;
      return String(unknown);
    }
  }
};

export const OrderTimeline = ({ entries }: { entries: TimelineEntry[] }) => (
  <section aria-labelledby="order-timeline">
    <Typography id="order-timeline" component="h2" variant="h6">
      Timeline
    </Typography>
    <List dense>
      {entries.map((e) => (
        <ListItem key={`${e.at}-${e.type}-${e.to ?? ""}`} disableGutters>
          <ListItemText
            primary={describe(e)}
            secondary={`${formatDateTime(e.at)} · ${e.by.name}${e.note ? ` · ${e.note}` : ""}`}
          />
        </ListItem>
      ))}
    </List>
  </section>
);
