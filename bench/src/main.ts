/**
 * `npm run bench` (`-- --quick` for a short smoke run, `-- --only=1,3` for some scenarios):
 * measures the shop on this machine and writes bench/RESULTS.md. `--out=FILE` writes elsewhere,
 * `--keep` keeps the work folder, `--cpu-prof=DIR` profiles every server child, and
 * `BENCH_CHILD_FLAGS="--trace-gc"` passes Node flags to them. `BASELINE_FLOOR=1` runs the baseline in
 * its floor mode (children/baseline.ts): the same work with the shop's hand-offs to a commit thread
 * and a mail thread, so the shop's own cost shows apart from what its design must cost.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { profileChildrenInto } from "./lib/processes.ts";
import { describeMachine, type ScenarioReport, writeResults } from "./lib/report.ts";
import type { BenchContext, Scenario } from "./lib/scenario.ts";
import { dashboard } from "./scenarios/dashboard.ts";
import { frontend } from "./scenarios/frontend.ts";
import { liveLatency } from "./scenarios/liveLatency.ts";
import { memory } from "./scenarios/memory.ts";
import { orderFilters } from "./scenarios/orderFilters.ts";
import { queries } from "./scenarios/queries.ts";
import { rebuildAndBoot } from "./scenarios/rebuildAndBoot.ts";
import { throughput } from "./scenarios/throughput.ts";

const args = process.argv.slice(2);
const quick = args.includes("--quick");
const keep = args.includes("--keep");
const only = args
  .find((a) => a.startsWith("--only="))
  ?.slice("--only=".length)
  .split(",");
const cpuProf = args.find((a) => a.startsWith("--cpu-prof="))?.slice("--cpu-prof=".length);
if (cpuProf) profileChildrenInto(resolve(cpuProf));
const out = args.find((a) => a.startsWith("--out="))?.slice("--out=".length);

const scenarios: Scenario[] = [
  throughput,
  liveLatency,
  queries,
  rebuildAndBoot,
  frontend,
  dashboard,
  memory,
  orderFilters,
];
const selected = scenarios.filter((s) => !only || only.includes(s.id));

const started = performance.now();
const workDir = mkdtempSync(join(tmpdir(), "shop-bench-"));
const log = (message: string) => {
  const t = ((performance.now() - started) / 1000).toFixed(0).padStart(4);
  process.stdout.write(`[${t}s] ${message}\n`);
};
const ctx: BenchContext = { quick, workDir, log, memory: [] };
const machine = describeMachine();
log(
  `bench ${quick ? "(quick) " : ""}in ${workDir} on ${machine.nproc} × ${machine.cpu}, Node ${machine.node}`,
);

const reports: ScenarioReport[] = [];
let failures = 0;
for (const s of selected) {
  log(`${s.id}. ${s.title}`);
  try {
    reports.push(await s.run(ctx));
  } catch (err) {
    failures++;
    log(`${s.id}. FAILED: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    reports.push({
      id: s.id,
      title: s.title,
      figures: [],
      notes: [`The scenario failed: ${err instanceof Error ? err.message : String(err)}`],
    });
  }
}

const file = out ?? join(dirname(fileURLToPath(import.meta.url)), "..", "RESULTS.md");
writeResults(file, machine, reports, { quick, minutes: (performance.now() - started) / 60_000 });
log(`wrote ${file}`);
if (keep) log(`kept ${workDir}`);
else rmSync(workDir, { recursive: true, force: true });
process.exit(failures ? 1 : 0);
