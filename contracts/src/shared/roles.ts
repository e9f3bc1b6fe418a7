export const AccType = { ADMIN: 1, DELIVERY: 2, CUSTOMER: 3 } as const;
export type AccType = (typeof AccType)[keyof typeof AccType];
export const ACC_TYPES = [AccType.ADMIN, AccType.DELIVERY, AccType.CUSTOMER] as const;

export const isAdmin = (accType: number | undefined): boolean => accType === AccType.ADMIN;
/** Admins and delivery staff both work the delivery queue (spec §6). */
export const isStaff = (accType: number | undefined): boolean =>
  accType === AccType.ADMIN || accType === AccType.DELIVERY;
