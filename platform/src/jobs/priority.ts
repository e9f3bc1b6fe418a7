/** The largest priority BullMQ takes (2^21 − 1); 0 means none. */
export const PRIORITY_LIMIT = 2 ** 21 - 1;

/**
 * Refuses a priority BullMQ would refuse, in either adapter and before anything is added, so a
 * bad option is the caller's error and never reads as the queue being unavailable.
 */
export function checkPriority(priority: number | undefined): void {
  if (priority === undefined) return;
  if (!Number.isInteger(priority) || priority < 0 || priority > PRIORITY_LIMIT)
    throw new RangeError(`Priority should be a whole number from 0 to ${PRIORITY_LIMIT}, got ${priority}`);
}
