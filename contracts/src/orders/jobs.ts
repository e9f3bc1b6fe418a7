import type { OrderStatus } from "./status.ts";

export interface DeliveryOtpMailJob {
  orderId: string;
  /** Id of the DeliveryOtpSent event: one mail per event, however often the job runs. */
  eventId: string;
  to: string;
  customerName: string;
  /** The code sealed with the OTP cipher; it is never in clear in a queue. */
  sealedOtp: string;
  expiresAt: string;
}

/** Mail job names on the `mail` queue. */
export const MailJobs = { deliveryOtp: "delivery-otp", orderStatus: "order-status" } as const;

/**
 * The queue priority of a status mail (BullMQ's: a job without a priority runs before any with
 * one). A delivery OTP is queued without one: a rider is at the door waiting for it, so it never
 * waits behind a backlog of status mails.
 */
export const STATUS_MAIL_PRIORITY = 10;

export interface OrderStatusMailLine {
  title: string;
  /** A book's school and class ("Delhi Public School Pune · Class 8"), when the order knows them. */
  place?: string;
  quantity: number;
  pricePaise: number;
  discountPaise: number;
}

/** Everything the status mail shows, so the worker needs no read model and no event store. */
export interface OrderStatusMailJob {
  orderId: string;
  /** Id of the OrderStatusChanged or OrderDelivered event: one mail per event. */
  eventId: string;
  kind: "status-changed" | "delivered";
  to: string;
  customerName: string;
  status: OrderStatus;
  changedAt: string;
  shippingAddress: string;
  lines: OrderStatusMailLine[];
  totals: { pricePaise: number; discountPaise: number; payablePaise: number };
}
