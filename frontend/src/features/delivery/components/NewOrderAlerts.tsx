import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useLiveEvent } from "../../../lib/live-events.ts";
import { useBackgroundAlerts } from "../hooks/useBackgroundAlerts.ts";
import { type Connection, useCatchUp } from "../hooks/useCatchUp.ts";
import { notificationPermission, unlockSound } from "../lib/alerts.ts";

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const connectionText = (c: Connection): { severity: "warning" | "info"; text: string } | null => {
  switch (c.state) {
    case "live":
      return null;
    case "lost":
      return { severity: "warning", text: "Connection lost. Reconnecting…" };
    case "caughtUp":
      return {
        severity: "info",
        text:
          c.newOrders + c.updates === 0
            ? "Back online: nothing was missed while offline."
            : `Back online: caught up on ${plural(c.newOrders, "new order", "new orders")} and ${plural(
                c.updates,
                "update",
                "updates",
              )} missed while offline.`,
      };
    case "catchUpFailed":
      return { severity: "info", text: "Back online: the orders were reloaded." };
  }
};

/**
 * The delivery page's "never miss a pushed order": alerts while the tab is in the background
 * (asked for with a button, never on load) and the catch-up after a lost connection.
 */
export const NewOrderAlerts = () => {
  const [permission, setPermission] = useState(notificationPermission);
  const alert = useBackgroundAlerts(true);
  useLiveEvent("order.placed", ({ order }) => alert([order]));
  const connection = useCatchUp(true, alert);
  const banner = connectionText(connection);

  const ask = async () => {
    unlockSound();
    try {
      setPermission(await Notification.requestPermission());
    } catch {
      setPermission(notificationPermission());
    }
  };

  return (
    <Box sx={{ mb: 2 }}>
      {permission === "default" && (
        <Button variant="outlined" onClick={() => void ask()}>
          Turn on new-order alerts
        </Button>
      )}
      {permission === "granted" && (
        <Typography variant="body2" color="text.secondary">
          New-order alerts are on: a notification and a beep while this tab is in the background.
        </Typography>
      )}
      {permission === "denied" && (
        <Typography variant="body2" color="text.secondary">
          Notifications are blocked for this site in the browser's settings; new orders still beep and show in
          the tab title.
        </Typography>
      )}
      {banner && (
        <Alert severity={banner.severity} role="status" sx={{ mt: 1 }}>
          {banner.text}
        </Alert>
      )}
    </Box>
  );
};
