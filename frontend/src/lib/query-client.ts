import { QueryClient } from "@tanstack/react-query";
import { isApiError } from "./api-client.ts";

const MAX_RETRIES = 3;

/** Retry only what may pass on a second try: network failures and 503 (projector behind, ARCHITECTURE §6). */
export const shouldRetry = (failureCount: number, error: unknown): boolean =>
  failureCount < MAX_RETRIES && (!isApiError(error) || error.status === 0 || error.status === 503);

/**
 * Commands: never retried by the client (an Idempotency-Key retry is the user's), and sent even
 * when the browser says it is offline, so their failure is said at once (the screen's own
 * 'Failed to …' text) and the user may try again or cancel. TanStack's default held a command,
 * paused, with its dialog busy and no word, and sent it by itself whenever the connection came
 * back (browser review M2). The tests' client uses these too.
 */
export const mutationDefaults = { retry: false, networkMode: "always" } as const;

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
      mutations: mutationDefaults,
    },
  });
