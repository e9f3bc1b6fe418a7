import { getHeapSpaceStatistics, setFlagsFromString } from "node:v8";

const GROWTH_FLAG = /--semi[-_]space[-_]growth[-_]factor[= ](\d+)/;

/** The growth factor this process was started with (its flags or NODE_OPTIONS), else V8's default. */
const startedGrowthFactor = (): number => {
  for (const source of [process.execArgv.join(" "), process.env.NODE_OPTIONS ?? ""]) {
    const match = GROWTH_FLAG.exec(source);
    if (match) return Number(match[1]);
  }
  return 2;
};

/** The young generation's committed size now (both semi-spaces), in bytes. */
export const youngGenerationBytes = (): number =>
  getHeapSpaceStatistics().find((space) => space.space_name === "new_space")?.space_size ?? 0;

export interface YoungGenerationHold {
  /** Call between steps of the load: once the young generation has reached the cap, it grows no more. */
  check(): void;
  /** Growth as the process was started with, from now on. */
  release(): void;
}

/**
 * For a one-off bulk load of long-lived objects (the read models from their snapshot): stops V8's
 * young generation from growing past `capBytes` while it runs. Everything such a load allocates
 * survives, and V8 reads a high survival rate as a sign to grow the young generation, here up to
 * 2 × 64 MiB; the load ends, and the grown young generation stays committed until V8's memory
 * reducer finds the process idle (a minute or more later) or sizes the first minutes of traffic.
 * Left to grow to `capBytes` first, the load keeps its speed (measured: no slower boot at 2 × 16
 * MiB, a slower one at V8's first 2 × 1 MiB); afterwards V8 grows the young generation again as
 * the traffic's own survival asks. Figures in bench/RESULTS.md (eighth session).
 */
export const holdYoungGeneration = (capBytes: number): YoungGenerationHold => {
  let held = false;
  return {
    check() {
      if (held || youngGenerationBytes() < capBytes) return;
      setFlagsFromString("--semi-space-growth-factor=1");
      held = true;
    },
    release() {
      if (!held) return;
      setFlagsFromString(`--semi-space-growth-factor=${startedGrowthFactor()}`);
      held = false;
    },
  };
};
