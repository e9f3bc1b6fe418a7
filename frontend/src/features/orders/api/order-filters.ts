import { ORDER_FILTER_KEYS } from "@shop/contracts";
import { withQuery } from "../../../lib/api-client.ts";

export type OrderFilterKey = (typeof ORDER_FILTER_KEYS)[number];
/** The admin's filters as the URL and the API carry them: strings, empty ones left out. */
export type OrderFilterValues = Partial<Record<OrderFilterKey, string>>;

export const filtersFromSearch = (params: URLSearchParams): OrderFilterValues => {
  const out: OrderFilterValues = {};
  for (const key of ORDER_FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (value) out[key] = value;
  }
  return out;
};

/** Only the filters that are set, in a stable order (query keys and URLs compare equal). */
export const cleanFilters = (values: OrderFilterValues): OrderFilterValues => {
  const out: OrderFilterValues = {};
  for (const key of ORDER_FILTER_KEYS) {
    const value = values[key]?.trim();
    if (value) out[key] = value;
  }
  return out;
};

export const hasFilters = (values: OrderFilterValues): boolean =>
  Object.keys(cleanFilters(values)).length > 0;

/** The CSV export of exactly what the list shows (admin only; the session cookie goes along). */
export const ordersCsvUrl = (values: OrderFilterValues): string =>
  withQuery("/api/orders/export.csv", cleanFilters(values));
