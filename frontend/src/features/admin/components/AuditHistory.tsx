import Alert from "@mui/material/Alert";
import Chip from "@mui/material/Chip";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemText from "@mui/material/ListItemText";
import Typography from "@mui/material/Typography";
import { formatRupees, statusLabel, Texts } from "@shop/contracts";
import { useState } from "react";
import { formatIstDateTime } from "../../../lib/ist.ts";
import { OrderPastView } from "../../orders/components/OrderPastView.tsx";
import { type AuditEvent, useOrderEvents } from "../api/get-order-events.ts";

const names: Record<string, string> = {
  OrderPlaced: "Order placed",
  OrderStatusChanged: "Status changed",
  DeliveryOtpSent: "Delivery OTP sent",
  OrderDelivered: "Order delivered",
};
const roles: Record<number, string> = { 1: "Admin", 2: "Delivery", 3: "Customer" };

/** `OrderSomethingNew` → `Order something new`, for event types this screen does not know yet. */
const inWords = (type: string): string => {
  const words = type.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const statusName = (v: unknown): string => (typeof v === "number" && statusLabel(v)) || String(v);

const change = (e: AuditEvent): string | null => {
  const d = e.data;
  switch (e.type) {
    case "OrderPlaced": {
      const items = Array.isArray(d.items) ? d.items.length : 0;
      const totals = d.totals as { payablePaise?: number } | undefined;
      const total = typeof totals?.payablePaise === "number" ? ` · ${formatRupees(totals.payablePaise)}` : "";
      return `${items} item${items === 1 ? "" : "s"}${total} · to ${String(d.shippingAddress ?? "")}`;
    }
    case "OrderStatusChanged":
      return `${statusName(d.from)} → ${statusName(d.to)}`;
    case "DeliveryOtpSent":
      return `OTP sent to ${String(d.sentTo ?? "")}`;
    case "OrderDelivered":
      return `${statusName(d.from)} → ${statusLabel(3)}`;
    default:
      return null;
  }
};

const actor = (e: AuditEvent): { name: string; role: string } => {
  const a = e.metadata.actor;
  if (!a) return { name: "Unknown", role: "" };
  return a.kind === "user"
    ? { name: a.name, role: roles[a.accType] ?? "" }
    : { name: a.name, role: "System" };
};

/**
 * The order's events straight from the log (admin only): what happened, who did it, when (IST).
 * Choosing one shows the order as it was right after it.
 */
export const AuditHistory = ({ orderId, position }: { orderId: string; position?: string }) => {
  const events = useOrderEvents(orderId, position);
  const [chosen, setChosen] = useState<number | null>(null);
  if (events.isPending) return <Typography>Loading...</Typography>;
  if (events.isError) return <Alert severity="error">{events.error.message || Texts.failedToFetch}</Alert>;
  return (
    <section aria-labelledby="audit-history">
      <Typography id="audit-history" component="h2" variant="h6">
        Audit history
      </Typography>
      <List aria-labelledby="audit-history">
        {events.data.map((e) => {
          const who = actor(e);
          const what = change(e);
          const picked = chosen === e.revision;
          return (
            <ListItem
              key={e.revision}
              divider
              disableGutters
              data-testid="audit-entry"
              sx={{ display: "block" }}
            >
              <ListItemButton
                selected={picked}
                aria-expanded={picked}
                onClick={() => setChosen(picked ? null : e.revision)}
                sx={{ alignItems: "flex-start" }}
              >
                <ListItemText
                  primary={names[e.type] ?? inWords(e.type)}
                  secondary={
                    <>
                      {what && (
                        <Typography component="span" color="text.primary" sx={{ display: "block" }}>
                          {what}
                        </Typography>
                      )}
                      <Typography component="span" variant="body2" sx={{ display: "block" }}>
                        by {who.name} {who.role && <Chip component="span" size="small" label={who.role} />} ·{" "}
                        <time dateTime={e.at}>{formatIstDateTime(e.at)}</time>
                      </Typography>
                    </>
                  }
                />
              </ListItemButton>
              {picked && e.after && (
                <OrderPastView
                  event={names[e.type] ?? inWords(e.type)}
                  at={formatIstDateTime(e.at)}
                  by={who.role ? `${who.name} (${who.role})` : who.name}
                  order={e.after}
                />
              )}
            </ListItem>
          );
        })}
      </List>
    </section>
  );
};
