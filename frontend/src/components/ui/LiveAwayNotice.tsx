import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import { useLiveAway } from "../../lib/use-live-away.ts";
import { screenReaderOnly } from "./screenReaderOnly.ts";

export const LIVE_AWAY_TEXT =
  "Connection lost. Reconnecting… what changed meanwhile will show once it is back.";

/**
 * Said on the order page, which people watch for live changes (the rider's list says the same in
 * its own words, NewOrderAlerts): with the connection lost the page stays as it was, so without a
 * word a customer or a rider would take an old status for the current one. A screen reader hears it
 * once, from a status region that is always there (a region added with its text is not announced)
 * and out of the layout; the notice on screen takes room only while shown, and is not read twice.
 */
export const LiveAwayNotice = () => {
  const away = useLiveAway();
  return (
    <>
      <Box component="span" role="status" sx={screenReaderOnly}>
        {away ? LIVE_AWAY_TEXT : ""}
      </Box>
      {away && (
        <Alert severity="warning" variant="outlined" aria-hidden="true" data-testid="live-away">
          {LIVE_AWAY_TEXT}
        </Alert>
      )}
    </>
  );
};
