import { toast } from "../../../components/ui/toast.ts";
import { useLiveEvent } from "../../../lib/live-events.ts";

/**
 * A notice for each order placed while the delivery page is open. The list itself is kept live by
 * the app's dispatcher (order.placed adds the row, order.updated changes it).
 */
export const useNewOrderNotices = (enabled: boolean): void => {
  useLiveEvent("order.placed", ({ order }) => {
    if (enabled) toast.info(`New order #${order.shortId} from ${order.customer.name}`);
  });
};
