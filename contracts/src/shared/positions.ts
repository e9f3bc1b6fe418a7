/**
 * Positions are the event store's commit positions as decimal strings, compared as BigInt.
 * Kept apart from the zod field schemas so the browser's first load can use it without zod.
 */
export const comparePositions = (a: string, b: string): number => {
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
};

/** How many positions `at` is behind `head` (the projector's lag in events); never below 0. */
export const positionsBehind = (head: string, at: string): number =>
  Math.max(0, Number(BigInt(head) - BigInt(at)));
