import { customerTerm, istDayAfter, istDayStart, type OrderFilters, orderIdTerm } from "@shop/contracts";
import type { Filter } from "@shop/platform";

/** Strings starting with `prefix`: a plain range, which both stores answer from an index. */
const startsWith = (prefix: string) => ({ $gte: prefix, $lt: `${prefix}\uffff` });

/**
 * The admin's filters as the read model's conditions, one part each, each on a field an index of
 * `ordersCollection` leads with (contracts/src/orders/readModel.ts).
 */
export const orderFilterParts = (f: OrderFilters): Filter[] => {
  const parts: Filter[] = [];
  if (f.status !== undefined) parts.push({ status: f.status });
  if (f.school) parts.push({ schoolId: f.school });
  if (f.customer) {
    const { field, prefix } = customerTerm(f.customer);
    parts.push({ [`customerKeys.${field}`]: startsWith(prefix) });
  }
  if (f.orderId) {
    const { field, value } = orderIdTerm(f.orderId);
    parts.push(field === "id" ? { _id: value } : { shortId: startsWith(value) });
  }
  if (f.from || f.to)
    parts.push({
      placedAt: {
        ...(f.from && { $gte: istDayStart(f.from) }),
        ...(f.to && { $lt: istDayAfter(f.to) }),
      },
    });
  return parts;
};

/** Every part must hold; `{}` for none. */
export const allOf = (parts: Filter[]): Filter =>
  parts.length === 0 ? {} : parts.length === 1 ? (parts[0] as Filter) : { $and: parts };
