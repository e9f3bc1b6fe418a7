import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Grid from "@mui/material/Grid";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import Typography from "@mui/material/Typography";
import { type Order, Texts } from "@shop/contracts";
import { type ReactNode, useLayoutEffect, useRef } from "react";
import { Link as RouterLink, useSearchParams } from "react-router-dom";
import { LiveAwayNotice } from "../../../components/ui/LiveAwayNotice.tsx";
import { NoPermission } from "../../../components/ui/NoPermission.tsx";
import { screenReaderOnly } from "../../../components/ui/screenReaderOnly.ts";
import { isApiError } from "../../../lib/api-client.ts";
import { formatDate } from "../../../lib/format.ts";
import { useOrder } from "../api/get-order.ts";
import { useLiveOrder } from "../hooks/useLiveOrder.ts";
import { DeliverTo } from "./DeliverTo.tsx";
import { InvoiceButton } from "./InvoiceButton.tsx";
import { OrderLines } from "./OrderLines.tsx";
import { OrderTimeline } from "./OrderTimeline.tsx";
import { OrderTotals } from "./OrderTotals.tsx";
import { StatusBadge } from "./StatusBadge.tsx";

/** A slot the route fills: a node, or a function of the (live) order. */
export type OrderSlot = ReactNode | ((order: Order) => ReactNode);

export interface OrderDetailsProps {
  orderId: string;
  /** Delivery tab: the status changer (the staff screens decide who sees it). */
  statusControl?: OrderSlot;
  /** Delivery tab: the OTP delivery-completion block. */
  deliveryControl?: OrderSlot;
  /** A third tab, 'Audit', when given. */
  audit?: OrderSlot;
}

const fill = (slot: OrderSlot, order: Order): ReactNode => (typeof slot === "function" ? slot(order) : slot);

type TabName = "summary" | "delivery" | "audit";
const TAB_NAMES: readonly string[] = ["summary", "delivery", "audit"];

/**
 * A tab's panel. A control that goes while it has the keyboard's focus (a rider's 'Complete
 * Delivery' block, once the order is Delivered) dropped the focus to the page: it stays in the panel.
 */
const TabPanel = ({ name, current, children }: { name: TabName; current: TabName; children: ReactNode }) => {
  const panel = useRef<HTMLDivElement>(null);
  // Focus in the panel that no blur took elsewhere (removing the focused node fires no blur).
  const focusInside = useRef(false);
  useLayoutEffect(() => {
    const el = panel.current;
    const page = el?.ownerDocument;
    if (el && focusInside.current && (page?.activeElement === page?.body || page?.activeElement === null))
      el.focus({ preventScroll: true });
  });
  return (
    <Box
      ref={panel}
      role="tabpanel"
      id={`order-tabpanel-${name}`}
      aria-labelledby={`order-tab-${name}`}
      hidden={current !== name}
      tabIndex={-1}
      onFocus={() => {
        focusInside.current = true;
      }}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) focusInside.current = false;
      }}
      sx={{ pt: 2, "&:focus": { outline: "none" } }}
    >
      {current === name && children}
    </Box>
  );
};

export const OrderDetails = ({ orderId, statusControl, deliveryControl, audit }: OrderDetailsProps) => {
  const order = useOrder(orderId);
  // The open tab is in the URL (?tab=delivery, replacing the entry): a reload, or a phone bringing
  // back a tab it discarded while the rider was in another app, opens the same tab again.
  const [params, setParams] = useSearchParams();
  const asked = params.get("tab") ?? "summary";
  const tab: TabName =
    TAB_NAMES.includes(asked) && (asked !== "audit" || audit !== undefined) ? (asked as TabName) : "summary";
  const setTab = (next: TabName) =>
    setParams(
      (current) => {
        const changed = new URLSearchParams(current);
        if (next === "summary") changed.delete("tab");
        else changed.set("tab", next);
        return changed;
      },
      { replace: true, preventScrollReset: true },
    );
  useLiveOrder(orderId);

  if (order.isPending) return <Typography>Loading...</Typography>;
  if (order.isError) {
    const status = isApiError(order.error) ? order.error.status : 0;
    if (status === 403) return <NoPermission />;
    return (
      <Stack spacing={2} sx={{ my: 3, alignItems: "flex-start" }}>
        <Alert severity="error">{status === 404 ? Texts.orderNotFound : order.error.message}</Alert>
        <Link component={RouterLink} to="/">
          Back to Home
        </Link>
      </Stack>
    );
  }

  const o = order.data;
  const tabProps = (name: TabName) => ({
    value: name,
    id: `order-tab-${name}`,
    "aria-controls": `order-tabpanel-${name}`,
  });
  return (
    <Stack spacing={3} sx={{ my: 3 }}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 2, flexWrap: "wrap" }}>
        {/* Spec §9: an order id is shown as its last 8 characters, as the lists show it. */}
        <Typography component="h1" variant="h5" sx={{ flexGrow: 1 }}>
          Order ID: #{o.shortId}
        </Typography>
        <InvoiceButton order={o} />
        {/* A status region: a change heard live is said to a screen reader ("Current status:
            Processing"), as the badge changes on screen. */}
        <Box component="span" role="status" aria-label="Current status" sx={{ display: "inline-flex" }}>
          <Box component="span" sx={screenReaderOnly}>
            Current status:{" "}
          </Box>
          <StatusBadge status={o.status} />
        </Box>
      </Box>
      <Typography color="text.secondary">Placed on {formatDate(o.placedAt)}</Typography>
      <LiveAwayNotice />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 8 }}>
          <Tabs value={tab} onChange={(_, next: TabName) => setTab(next)} aria-label="Order sections">
            <Tab label="Summary" {...tabProps("summary")} />
            <Tab label="Delivery" {...tabProps("delivery")} />
            {audit !== undefined && <Tab label="Audit" {...tabProps("audit")} />}
          </Tabs>
          <TabPanel name="summary" current={tab}>
            <OrderLines items={o.items} />
          </TabPanel>
          <TabPanel name="delivery" current={tab}>
            <Stack spacing={3}>
              {statusControl !== undefined && fill(statusControl, o)}
              {deliveryControl !== undefined && fill(deliveryControl, o)}
              <DeliverTo order={o} />
            </Stack>
          </TabPanel>
          {audit !== undefined && (
            <TabPanel name="audit" current={tab}>
              {fill(audit, o)}
            </TabPanel>
          )}
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <OrderTotals totals={o.totals} />
        </Grid>
      </Grid>
      <OrderTimeline entries={o.timeline} />
    </Stack>
  );
};
