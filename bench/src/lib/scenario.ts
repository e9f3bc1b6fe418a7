import type { ScenarioReport } from "./report.ts";

export interface MemorySample {
  phase: string;
  peakKiB: number;
  rssKiB?: number;
}

export interface BenchContext {
  quick: boolean;
  /** A fresh temporary folder for this run; every database of the run lives under it. */
  workDir: string;
  log(message: string): void;
  /** Peak RSS samples that scenarios record for the memory figure. */
  memory: MemorySample[];
}

export interface Scenario {
  id: string;
  title: string;
  run(ctx: BenchContext): Promise<ScenarioReport>;
}
