import { describe, expect, it } from "vitest";
import { createInProcessJobQueue } from "./inProcessJobQueue.ts";
import { jobQueueConformance } from "./jobQueue.conformance.ts";

jobQueueConformance("in-process", async () => {
  const queue = createInProcessJobQueue();
  return { queue, cleanup: () => queue.close() };
});

describe("in-process job queue", () => {
  it("refuses new jobs after close and fails waiters of jobs that never ran", async () => {
    const queue = createInProcessJobQueue();
    const { id } = await queue.add("orphans", "never", {});
    const waiting = queue.waitUntilFinished("orphans", id, 5000);
    await queue.close();
    await expect(waiting).rejects.toThrow("closed");
    await expect(queue.add("orphans", "late", {})).rejects.toThrow("closed");
  });

  it("passes data and results through JSON, as BullMQ does", async () => {
    const queue = createInProcessJobQueue();
    const data = { when: new Date("2024-01-01T00:00:00Z"), list: [1] };
    queue.process<typeof data, unknown>("json", async (job) => ({ got: job.data, at: new Date(0) }));
    const { id } = await queue.add("json", "j", data);
    data.list.push(2);
    await expect(queue.waitUntilFinished("json", id, 1000)).resolves.toEqual({
      got: { when: "2024-01-01T00:00:00.000Z", list: [1] },
      at: "1970-01-01T00:00:00.000Z",
    });
    await queue.close();
  });

  it("logs one line per finished job without its data", async () => {
    const lines: Array<Record<string, unknown>> = [];
    const record = (obj: Record<string, unknown>) => lines.push(obj);
    const logger = { info: record, warn: record, error: record } as never;
    const queue = createInProcessJobQueue({ logger });
    queue.process("logged", async () => "done");
    const { id } = await queue.add("logged", "secret-job", { otp: "123456" });
    await queue.waitUntilFinished("logged", id, 1000);
    await queue.close();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ queue: "logged", job: "secret-job", jobId: id });
    expect(JSON.stringify(lines)).not.toContain("123456");
  });
});
