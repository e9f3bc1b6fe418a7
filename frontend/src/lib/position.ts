/**
 * Event-store positions travel as decimal strings and are compared as BigInt (API.md "Conventions").
 * The same rule as contracts' `comparePositions`, kept here so the first load needs no zod.
 */
export const comparePositions = (a: string, b: string): number => {
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
};
