import type { OrderSummary } from "@shop/contracts";
import { useCallback, useEffect, useRef } from "react";
import { beep, pageHidden, showNotification, titleWithCount } from "../lib/alerts.ts";

/**
 * While the page is in a background tab, each new order counts in the tab title, beeps and (when
 * allowed) shows a notification; coming back to the tab clears the count.
 */
export const useBackgroundAlerts = (enabled: boolean) => {
  const unseen = useRef(0);

  useEffect(() => {
    if (!enabled) return;
    const onVisible = () => {
      if (pageHidden()) return;
      unseen.current = 0;
      document.title = titleWithCount(document.title, 0);
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      document.removeEventListener("visibilitychange", onVisible);
      unseen.current = 0;
      document.title = titleWithCount(document.title, 0);
    };
  }, [enabled]);

  return useCallback(
    (orders: OrderSummary[]) => {
      if (!enabled || orders.length === 0 || !pageHidden()) return;
      unseen.current += orders.length;
      document.title = titleWithCount(document.title, unseen.current);
      beep();
      const [first] = orders;
      if (orders.length === 1 && first)
        showNotification(
          `New order #${first.shortId}`,
          `${first.customer.name} · ${first.shippingAddress}`,
          first.id,
        );
      else
        showNotification(`${orders.length} new orders`, "Open the delivery page to see them", "new-orders");
    },
    [enabled],
  );
};
