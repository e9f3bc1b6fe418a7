import { DomainError, UPLOADS_IN_FLIGHT, UPLOADS_PER_USER } from "@shop/contracts";

/** The upload answers this when the image queue is full: try again in a few seconds. */
export const UPLOADS_BUSY = "Too many uploads in progress, try again shortly";
const RETRY_AFTER_SECONDS = 5;

/**
 * Places for uploads waiting on the image worker (finding 8): at most `perUser` for one user and
 * `total` in all on this process. A full queue refuses at once (503 with Retry-After) instead of
 * growing, so a burst from one account cannot make everyone else's upload time out.
 */
export const uploadSlots = (perUser = UPLOADS_PER_USER, total = UPLOADS_IN_FLIGHT) => {
  const byUser = new Map<string, number>();
  let inFlight = 0;
  return {
    /** Takes a place for the user or throws 503; the answer releases it (call once). */
    take(userId: string): () => void {
      const mine = byUser.get(userId) ?? 0;
      if (mine >= perUser || inFlight >= total) {
        throw new DomainError("unavailable", UPLOADS_BUSY, { retryAfterSeconds: RETRY_AFTER_SECONDS });
      }
      byUser.set(userId, mine + 1);
      inFlight++;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        inFlight--;
        const left = (byUser.get(userId) ?? 1) - 1;
        if (left > 0) byUser.set(userId, left);
        else byUser.delete(userId);
      };
    },
  };
};
