import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createSqliteEventStore } from "../eventStore/sqliteEventStore.ts";
import type { ReplayedEvent } from "../ports/eventStore.ts";
import { countAppends } from "./instrument.ts";
import { createMetrics } from "./metrics.ts";

const metadata = {
  schemaVersion: 1,
  correlationId: "00000000-0000-4000-8000-000000000001",
  causationId: "00000000-0000-4000-8000-000000000001",
  actor: { kind: "system" as const, name: "test" },
};

describe("the event store counting appends", () => {
  it("keeps the store's bulk read for a replay (the standalone's first boot rebuilds through it)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "shop-instrument-"));
    const store = createSqliteEventStore({ file: join(dir, "events.db") });
    try {
      const events = countAppends(store, createMetrics({ service: "test" }));
      const appended = Array.from({ length: 7 }, (_, n) => ({ type: "E", data: { n }, metadata }));
      await events.appendToStream("s-1", appended, { expectedRevision: "no_stream" });
      expect(events.readPages).toBeTypeOf("function");
      const pages: ReplayedEvent[][] = [];
      for await (const page of events.readPages!({ fromPosition: "1", toPosition: "7", pageSize: 4 }))
        pages.push(page);
      expect(pages.map((p) => p.map((e) => (e.data as { n: number }).n))).toEqual([
        [1, 2, 3, 4],
        [5, 6],
      ]);
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
