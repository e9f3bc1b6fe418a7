/**
 * Probe: what the shop allocates that is still alive a moment later (what a scavenge copies and
 * promotes). Starts the shop in this process (as children/shopRun.ts), runs a client command in
 * another, and after `afterMs` tracks allocations for `trackMs`, then writes a heap snapshot with
 * their allocation stacks to `out` (objects allocated while tracking carry a trace node id).
 * `PORT=… DATA_DIR=… npx node bench/src/micro/survivorTrace.ts "<client>" <out> [afterMs] [trackMs]`
 */
import { exec } from "node:child_process";
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { setTimeout as sleep } from "node:timers/promises";

await import("../children/shopRun.ts");
const [command, out, afterArg, trackArg] = process.argv.slice(2);
if (!command || !out) throw new Error('usage: survivorTrace.ts "<client command>" <out> [afterMs] [trackMs]');
const client = new Promise<string>((resolve) => {
  exec(command, { maxBuffer: 1 << 24 }, (_err, stdout, stderr) => resolve(`${stdout}${stderr}`));
});
const session = new Session();
session.connect();
await sleep(Number(afterArg ?? 5000));
await session.post("HeapProfiler.startTrackingHeapObjects", { trackAllocations: true });
await sleep(Number(trackArg ?? 1500));
const chunks: string[] = [];
session.on("HeapProfiler.addHeapSnapshotChunk", (m) => chunks.push(m.params.chunk));
await session.post("HeapProfiler.takeHeapSnapshot", { reportProgress: false });
// Stopping sends a second snapshot's chunks: not wanted.
session.removeAllListeners("HeapProfiler.addHeapSnapshotChunk");
await session.post("HeapProfiler.stopTrackingHeapObjects", {});
writeFileSync(out, chunks.join(""));
console.log((await client).trim().slice(0, 300));
process.exit(0);
