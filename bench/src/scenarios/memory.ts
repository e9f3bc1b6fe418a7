import type { Scenario } from "../lib/scenario.ts";
import { spread } from "../lib/stats.ts";

/** 6. Peak RSS samples taken by the other scenarios (run after them). */
export const memory: Scenario = {
  id: "6",
  title: "Memory (peak RSS)",
  async run(ctx) {
    return {
      id: this.id,
      title: this.title,
      figures: ctx.memory.map((m) => ({
        name: m.phase,
        unit: "MiB",
        value: spread([m.peakKiB / 1024]),
        digits: 0,
      })),
      notes: [
        "Peak resident set (VmHWM from /proc/<pid>/status for the standalone and baseline child processes; " +
          "the rebuild child's own `process.resourceUsage().maxRSS`, also sampled from /proc every 100 ms). " +
          "Each is the high-water mark of that process over the phase named; no target is set by the issue.",
        ctx.memory.length === 0 ? "No samples: run scenarios 1 and 4 with it." : "",
      ].filter(Boolean),
    };
  },
};
