/**
 * Probe: where a request's bytes are allocated. Starts the shop in this process (as
 * children/shopRun.ts does), samples V8's allocations (collected objects included) while a
 * client in another process runs, then prints the bytes by the allocating function and by the
 * nearest frame of the shop's own code.
 * `PORT=… DATA_DIR=… npx node bench/src/micro/allocSample.ts "<client command>"`
 * With `SCAVENGED=keep-out`, objects a scavenge collected are left out of the samples: what is
 * left is what survived a scavenge (promoted or still alive), the bytes that make scavenges slow.
 */
import { exec } from "node:child_process";
import { Session } from "node:inspector/promises";

await import("../children/shopRun.ts");
const command = process.argv[2];
if (!command) throw new Error('usage: allocSample.ts "<client command>"');
const session = new Session();
session.connect();
await session.post("HeapProfiler.startSampling", {
  samplingInterval: 1024,
  includeObjectsCollectedByMajorGC: true,
  includeObjectsCollectedByMinorGC: process.env.SCAVENGED !== "keep-out",
});
// Asynchronous: this process keeps serving while the client runs.
const client = await new Promise<string>((resolve) => {
  exec(command, { maxBuffer: 1 << 24 }, (_err, stdout, stderr) => resolve(`${stdout}${stderr}`));
});
const { profile } = (await session.post("HeapProfiler.stopSampling")) as {
  profile: { head: Node };
};
interface Node {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: Node[];
}
const bySelf = new Map<string, number>();
const byOwn = new Map<string, number>();
let total = 0;
const walk = (node: Node, stack: Node[]) => {
  const path = [...stack, node];
  if (node.selfSize > 0) {
    total += node.selfSize;
    const f = node.callFrame;
    const self = `${f.functionName || "(anon)"} ${f.url.replace(/.*node_modules\//, "").replace(/.*\/main\//, "")}:${f.lineNumber}`;
    bySelf.set(self, (bySelf.get(self) ?? 0) + node.selfSize);
    const own = [...path].reverse().find((n) => /\/main\/(?!node_modules)/.test(n.callFrame.url));
    const ownKey = own
      ? `${own.callFrame.functionName || "(anon)"} ${own.callFrame.url.replace(/.*\/main\//, "")}:${own.callFrame.lineNumber}`
      : "(no shop frame)";
    byOwn.set(ownKey, (byOwn.get(ownKey) ?? 0) + node.selfSize);
  }
  for (const c of node.children) walk(c, path);
};
walk(profile.head, []);
const top = (m: Map<string, number>, n: number) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `${(v / 1024).toFixed(0).padStart(8)} kB  ${k}`)
    .join("\n");
console.log(client.trim().slice(0, 300));
console.log(`sampled ${(total / 1048576).toFixed(1)} MiB`);
console.log(`--- by allocating function\n${top(bySelf, 30)}`);
console.log(`--- by nearest shop frame\n${top(byOwn, 30)}`);
process.exit(0);
