import { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import { kernelThreadId, threadNice as niceOf } from "./threadPriority.ts";

const module = new URL("./threadPriority.ts", import.meta.url).href;

describe.runIf(process.platform === "linux")("lowering a thread's priority", () => {
  it("lowers the calling thread's alone, not the process's other threads'", async () => {
    const main = kernelThreadId();
    expect(main).toBeDefined();
    const before = niceOf(main as number);
    const worker = new Worker(
      `const { parentPort } = require("node:worker_threads");
       import(${JSON.stringify(module)}).then(({ kernelThreadId, lowerThreadPriority }) => {
         const applied = lowerThreadPriority(${Math.min(before + 5, 19)});
         parentPort.postMessage({ tid: kernelThreadId(), applied });
         parentPort.once("message", () => process.exit(0));
       });`,
      { eval: true },
    );
    const { tid, applied } = await new Promise<{ tid: number; applied: boolean }>((resolve, reject) => {
      worker.once("message", resolve);
      worker.once("error", reject);
    });
    try {
      expect(applied).toBe(true);
      expect(tid).not.toBe(main);
      expect(niceOf(tid)).toBe(Math.min(before + 5, 19));
      expect(niceOf(main as number)).toBe(before);
    } finally {
      worker.postMessage("done");
      await new Promise((resolve) => worker.once("exit", resolve));
    }
  });
});
