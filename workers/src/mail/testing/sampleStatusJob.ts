import type { OrderStatusMailJob } from "@shop/contracts";

/** A status mail job as command-api queues it, for the mail specs. */
export const sampleStatusJob: OrderStatusMailJob = {
  orderId: "5d9c2e1f-3a4b-4c5d-8e6f-7a8b9c0d1e2f",
  eventId: "0b7c1f6e-2d6a-4a8f-9f3e-5b1c2d3e4f50",
  kind: "status-changed",
  to: "asha@example.com",
  customerName: "Asha Rao",
  status: 2,
  changedAt: "2026-11-22T10:10:00.000Z",
  shippingAddress: "12 MG Road, Pune",
  lines: [{ title: "Classmate Notebook", quantity: 2, pricePaise: 6500, discountPaise: 500 }],
  totals: { pricePaise: 13000, discountPaise: 1000, payablePaise: 12000 },
};
