import { useMemo } from "react";
import { useSearchParams } from "react-router-dom";
import { cleanFilters, filtersFromSearch, type OrderFilterValues } from "../api/order-filters.ts";

/** The admin orders page's filters live in the URL (`?status=2&school=…`), so a view can be shared. */
export const useOrderFilters = (): [OrderFilterValues, (next: OrderFilterValues) => void] => {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query string is the identity of the filters
  const filters = useMemo(() => filtersFromSearch(params), [key]);
  const setFilters = (next: OrderFilterValues) =>
    setParams(new URLSearchParams(cleanFilters(next) as Record<string, string>));
  return [filters, setFilters];
};
