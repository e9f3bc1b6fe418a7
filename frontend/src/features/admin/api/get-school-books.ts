import type { Product } from "@shop/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export const getSchoolBooks = (schoolId: string, signal?: AbortSignal) =>
  api.get<{ items: Product[] }>(
    `/api/schools/${encodeURIComponent(schoolId)}/books`,
    signal ? { signal } : {},
  );

export const schoolBooksQueryOptions = (schoolId: string) =>
  queryOptions({
    queryKey: ["products", "admin", "school", schoolId],
    queryFn: ({ signal }) => getSchoolBooks(schoolId, signal),
    select: (d) => d.items,
    enabled: schoolId !== "",
  });

export const useSchoolBooks = (schoolId: string) => useQuery(schoolBooksQueryOptions(schoolId));
