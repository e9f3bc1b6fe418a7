import { QueryClient } from "@tanstack/react-query";
import { isApiError } from "./api-client.ts";

const MAX_RETRIES = 3;

/** Retry only what may pass on a second try: network failures and 503 (projector behind, ARCHITECTURE §6). */
export const shouldRetry = (failureCount: number, error: unknown): boolean =>
  failureCount < MAX_RETRIES && (!isApiError(error) || error.status === 0 || error.status === 503);

export const createQueryClient = (): QueryClient =>
  new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: shouldRetry,
        retryDelay: (attempt, error) =>
          isApiError(error) && error.retryAfterSeconds
            ? error.retryAfterSeconds * 1000
            : Math.min(500 * 2 ** attempt, 5000),
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
