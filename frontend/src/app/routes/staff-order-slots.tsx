import { type AccType, isAdmin, type Order } from "@shop/contracts";
import { AuditHistory } from "../../features/admin/components/AuditHistory.tsx";
import { StatusChanger } from "../../features/admin/components/StatusChanger.tsx";
import {
  CompleteDelivery,
  mayCompleteDelivery,
} from "../../features/delivery/components/CompleteDelivery.tsx";
import type { OrderDetailsProps } from "../../features/orders/components/OrderDetails.tsx";

type Slots = Pick<OrderDetailsProps, "statusControl" | "deliveryControl" | "audit">;

/**
 * The single order's staff controls by the viewer's accType (spec §2 "Single order", §6): the status
 * changer and the audit history for admins; the OTP delivery block for admins, and for delivery staff
 * while the order is not Delivered; nothing for customers.
 */
export const staffOrderSlots = (accType: AccType | undefined): Slots => ({
  ...(isAdmin(accType) && {
    statusControl: (o: Order) => <StatusChanger orderId={o.id} status={o.status} />,
    audit: (o: Order) => <AuditHistory orderId={o.id} position={o.position} />,
  }),
  deliveryControl: (o: Order) =>
    mayCompleteDelivery(accType, o.status) ? <CompleteDelivery orderId={o.id} /> : null,
});
