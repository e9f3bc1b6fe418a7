export const OrderStatus = { PENDING: 1, PROCESSING: 2, DELIVERED: 3 } as const;
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];
export const ORDER_STATUSES = [OrderStatus.PENDING, OrderStatus.PROCESSING, OrderStatus.DELIVERED] as const;

/** Spec §4: any other value shows no label, in black. */
export const statusLabel = (s: number): string =>
  s === 1 ? "Pending" : s === 2 ? "Processing" : s === 3 ? "Delivered" : "";
export const statusColour = (s: number): string =>
  s === 1 ? "grey" : s === 2 ? "orange" : s === 3 ? "green" : "black";
