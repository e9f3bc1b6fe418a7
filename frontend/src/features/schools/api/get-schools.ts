import type { Product, School } from "@shop/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

const opts = (signal?: AbortSignal) => (signal ? { signal } : {});

export const getSchools = (signal?: AbortSignal) =>
  api.get<{ items: School[] }>("/api/schools", opts(signal));
export const getSchool = (id: string, signal?: AbortSignal) =>
  api.get<School>(`/api/schools/${encodeURIComponent(id)}`, opts(signal));
export const getSchoolBooks = (id: string, signal?: AbortSignal) =>
  api.get<{ items: Product[] }>(`/api/schools/${encodeURIComponent(id)}/books`, opts(signal));

// Under the "products" key: `catalogue.updated` invalidates everything the catalogue shows.
export const schoolsQueryOptions = () =>
  queryOptions({
    queryKey: ["products", "schools"],
    queryFn: ({ signal }) => getSchools(signal),
    select: (page) => page.items,
  });

export const schoolQueryOptions = (id: string) =>
  queryOptions({ queryKey: ["products", "schools", id], queryFn: ({ signal }) => getSchool(id, signal) });

export const schoolBooksQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ["products", "schools", id, "books"],
    queryFn: ({ signal }) => getSchoolBooks(id, signal),
    select: (page) => page.items,
  });

export const useSchools = () => useQuery(schoolsQueryOptions());
export const useSchool = (id: string) => useQuery(schoolQueryOptions(id));
export const useSchoolBooks = (id: string) => useQuery(schoolBooksQueryOptions(id));
