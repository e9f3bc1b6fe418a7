import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import type { Spread } from "./stats.ts";

export interface Target {
  /** The median must be at least / at most this. */
  op: ">=" | "<=";
  value: number;
  /** As the issue states it, e.g. "≥ 0.5 × baseline". */
  text: string;
}

export interface Figure {
  name: string;
  unit: string;
  value: Spread;
  /** The same figure for the baseline, measured in the same run, interleaved. */
  baseline?: Spread;
  target?: Target;
  digits?: number;
}

export interface ScenarioReport {
  id: string;
  title: string;
  figures: Figure[];
  /** Method, setup and anything a reader needs to trust the figures. */
  notes: string[];
}

export const passes = (f: Figure): boolean | undefined => {
  if (!f.target) return undefined;
  return f.target.op === ">=" ? f.value.median >= f.target.value : f.value.median <= f.target.value;
};

const fmt = (n: number, digits: number): string =>
  Number.isFinite(n)
    ? n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: 0 })
    : "—";

export interface Machine {
  nproc: number;
  memory: string;
  cpu: string;
  node: string;
  date: string;
  commit: string;
  load: string;
}

export const describeMachine = (): Machine => {
  const git = (...args: string[]) => {
    try {
      return execFileSync("git", args, { encoding: "utf8" }).trim();
    } catch {
      return "unknown";
    }
  };
  // The results file itself is rewritten by every run; any other change means the code measured is not the commit's.
  const dirty =
    git("status", "--porcelain", "--", ":(top)", ":(top,exclude)bench/RESULTS.md") !== ""
      ? " (with uncommitted changes)"
      : "";
  let load = "";
  try {
    load = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
  } catch {
    load = "unknown";
  }
  return {
    nproc: Number(execFileSync("nproc", { encoding: "utf8" }).trim()),
    memory: `${(totalmem() / 2 ** 30).toFixed(1)} GiB`,
    cpu: cpus()[0]?.model ?? "unknown",
    node: process.version,
    date: new Date().toISOString(),
    commit: `${git("rev-parse", "HEAD")}${dirty}`,
    load,
  };
};

const NOTES_MARK = "<!-- notes: everything below this line is kept when the harness rewrites the file -->";

/**
 * Writes RESULTS.md: machine, a summary of every target, then each scenario's figures and
 * notes. Hand-written notes below the marker (profiles, fixes with before/after) are kept.
 */
export const writeResults = (
  file: string,
  machine: Machine,
  reports: ScenarioReport[],
  opts: { quick: boolean; minutes: number },
): void => {
  const kept = existsSync(file) ? (readFileSync(file, "utf8").split(NOTES_MARK)[1] ?? "") : "";
  const lines: string[] = [];
  lines.push("# Benchmark results", "");
  lines.push(
    `Written by \`npm run bench${opts.quick ? " -- --quick" : ""}\` in ${opts.minutes.toFixed(1)} min.` +
      (opts.quick ? " **Quick smoke run: fewer rounds and smaller data; not the figures of record.**" : ""),
    "",
  );
  lines.push("| machine | |", "|---|---|");
  lines.push(`| nproc | ${machine.nproc} |`);
  lines.push(`| memory | ${machine.memory} |`);
  lines.push(`| CPU | ${machine.cpu} |`);
  lines.push(`| Node | ${machine.node} |`);
  lines.push(`| date | ${machine.date} |`);
  lines.push(`| git commit | \`${machine.commit}\` |`);
  lines.push(`| load average at start (1/5/15 min) | ${machine.load} |`);
  if (process.env.BASELINE_FLOOR === "1")
    lines.push(
      "| baseline | **floor mode** (`BASELINE_FLOOR=1`: commit and status mail on threads, as the shop's) |",
    );
  lines.push("");
  lines.push(
    "The machine is shared with other test runs, so every figure is the **median over several " +
      "rounds**, with the min and max of the rounds beside it; where a figure has a baseline, the " +
      "baseline ran in the same run, interleaved round by round (ABBA order).",
    "",
  );
  lines.push("## Targets", "");
  lines.push("| figure | median | target | result |", "|---|---|---|---|");
  for (const r of reports) {
    for (const f of r.figures) {
      const ok = passes(f);
      if (ok === undefined) continue;
      lines.push(
        `| ${r.id}. ${f.name} | ${fmt(f.value.median, f.digits ?? 1)} ${f.unit} | ${f.target?.text ?? ""} | ${ok ? "pass" : "**MISS**"} |`,
      );
    }
  }
  lines.push("");
  for (const r of reports) {
    lines.push(`## ${r.id}. ${r.title}`, "");
    lines.push(
      "| figure | median | min | max | baseline median (min–max) | target | result | rounds |",
      "|---|---|---|---|---|---|---|---|",
    );
    for (const f of r.figures) {
      const d = f.digits ?? 1;
      const ok = passes(f);
      const base = f.baseline
        ? `${fmt(f.baseline.median, d)} (${fmt(f.baseline.min, d)}–${fmt(f.baseline.max, d)})`
        : "";
      lines.push(
        `| ${f.name} (${f.unit}) | ${fmt(f.value.median, d)} | ${fmt(f.value.min, d)} | ${fmt(f.value.max, d)} | ${base} | ${f.target?.text ?? ""} | ${ok === undefined ? "" : ok ? "pass" : "**MISS**"} | ${f.value.rounds.length} |`,
      );
    }
    lines.push("");
    for (const n of r.notes) lines.push(`- ${n}`);
    lines.push("");
  }
  lines.push(NOTES_MARK);
  lines.push(
    kept.trim() === "" ? "\n## Profiles and fixes\n\n(none recorded yet)\n" : kept.replace(/^\n*/, "\n"),
  );
  writeFileSync(file, lines.join("\n"));
};
