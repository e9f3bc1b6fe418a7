import {
  bookPlace,
  MailJobs,
  type OrderEvent,
  OrderStatus,
  type OrderStatusMailJob,
  Queues,
} from "@shop/contracts";
import type { JobQueue } from "@shop/platform";
import type { Logger } from "pino";
import type { OrderState } from "./decider.ts";

type Appended = OrderEvent & { id: string };

/** The status mail for an appended event, or null for events that send none. */
export const statusMailJobFor = (state: OrderState, event: Appended): OrderStatusMailJob | null => {
  if (state.status !== "placed") return null;
  const common = {
    orderId: state.orderId,
    eventId: event.id,
    to: state.customerEmail,
    customerName: state.customerName,
    shippingAddress: state.shippingAddress,
    lines: state.items.map((i) => {
      const place = bookPlace(i);
      return {
        title: i.title,
        ...(place && { place }),
        quantity: i.quantity,
        pricePaise: i.pricePaise,
        discountPaise: i.discountPaise,
      };
    }),
    totals: state.totals,
  };
  switch (event.type) {
    case "OrderStatusChanged":
      return { ...common, kind: "status-changed", status: event.data.to, changedAt: event.data.changedAt };
    case "OrderDelivered":
      return {
        ...common,
        kind: "delivered",
        status: OrderStatus.DELIVERED,
        changedAt: event.data.deliveredAt,
      };
    default:
      return null;
  }
};

/**
 * Enqueues one status mail per appended status event, after the append: the job id is the event's,
 * so the same event never queues two mails. The command is already durable here, so a queue that
 * refuses the job is logged rather than turned into an error for a change that did happen.
 */
export const enqueueStatusMails = async (
  jobs: JobQueue,
  logger: Logger,
  state: OrderState,
  appended: Appended[],
): Promise<void> => {
  for (const event of appended) {
    const job = statusMailJobFor(state, event);
    if (!job) continue;
    try {
      await jobs.add(Queues.mail, MailJobs.orderStatus, job, {
        jobId: `status-${event.id}`,
        attempts: 5,
        backoffMs: 1000,
        removeOnComplete: true,
      });
    } catch (err) {
      logger.error({ err, orderId: job.orderId, eventId: event.id }, "status mail not queued");
    }
  }
};
