import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import type { BatchAppend } from "./sqliteAppendBatch.ts";
import { createSqliteEventStore } from "./sqliteEventStore.ts";
import { createWriterThreadClient } from "./writerThreadClient.ts";

const append = (stream: string): BatchAppend => ({
  stream,
  expected: "no_stream",
  idsGiven: false,
  events: [{ id: crypto.randomUUID(), type: "Noted", data: "{}", metadata: "{}" }],
});

describe("the SQLite event store's writer thread", () => {
  const dirs: string[] = [];
  afterEach(async () => {
    for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
  });

  const logFile = async () => {
    const dir = await mkdtemp(join(tmpdir(), "shop-writer-"));
    dirs.push(dir);
    const file = join(dir, "events.db");
    // The store makes the schema; its own writer is closed with it.
    await createSqliteEventStore({ file }).close();
    return file;
  };

  it("commits batches one after another, then closes", async () => {
    const writer = createWriterThreadClient({ file: await logFile() });
    const first = await writer.run([append("a-1"), append("a-2")]);
    const second = await writer.run([append("a-1")]);
    expect("outcomes" in first && first.outcomes.map((o) => o.ok)).toEqual([true, true]);
    // The same stream again at no_stream: refused by the batch, not by the thread.
    expect("outcomes" in second && second.outcomes[0]).toMatchObject({ ok: false, wrongExpected: {} });
    await writer.close();
  });

  it("runs in a process whose main script is text (--input-type=module -e), and holds its exit until closed", async () => {
    const file = await logFile();
    const store = new URL("./sqliteEventStore.ts", import.meta.url).href;
    // Nothing but the store's threads is left to keep this process alive while it closes.
    const script = `
      import { createSqliteEventStore } from ${JSON.stringify(store)};
      const events = createSqliteEventStore({ file: ${JSON.stringify(file)} });
      await events.appendToStream("e-1", [{ type: "Noted", data: {}, metadata: {} }], { expectedRevision: "no_stream" });
      let read = 0;
      for await (const page of events.readPages({ toPosition: await events.headPosition(), decoder: "data:text/javascript,export const decode = (t, d) => d;" })) read += page.length;
      await events.close();
      console.log(JSON.stringify({ read, closed: true }));`;
    const { stdout } = await promisify(execFile)(process.execPath, ["--input-type=module", "-e", script]);
    expect(JSON.parse(stdout)).toEqual({ read: 1, closed: true });
  });

  it("answers at once when its thread cannot start, at every batch, and still closes", async () => {
    const writer = createWriterThreadClient({ file: "/nonexistent/folder/events.db" });
    for (let i = 0; i < 3; i++) await expect(writer.run([append(`c-${i}`)])).rejects.toThrow();
    await writer.close();
  });
});
