/** Percentiles and summaries over samples (nearest-rank on a sorted copy). */
export const percentile = (samples: readonly number[], p: number): number => {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
};

export const median = (samples: readonly number[]): number => {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** One figure over several rounds: the median and the spread. */
export interface Spread {
  median: number;
  min: number;
  max: number;
  rounds: number[];
}

export const spread = (rounds: readonly number[]): Spread => ({
  median: median(rounds),
  min: rounds.length ? Math.min(...rounds) : Number.NaN,
  max: rounds.length ? Math.max(...rounds) : Number.NaN,
  rounds: [...rounds],
});

export const round = (n: number, digits = 1): number => {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
};
