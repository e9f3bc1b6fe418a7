import type { School } from "@shop/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export const getSchools = (signal?: AbortSignal) =>
  api.get<{ items: School[] }>("/api/schools", signal ? { signal } : {});

/** Under `products`, like every catalogue key: `catalogue.updated` and the admin's saves refresh it. */
export const adminSchoolsKey = ["products", "admin", "schools"] as const;

export const schoolsQueryOptions = () =>
  queryOptions({
    queryKey: adminSchoolsKey,
    queryFn: ({ signal }) => getSchools(signal),
    select: (d) => d.items,
  });

export const useSchools = () => useQuery(schoolsQueryOptions());
