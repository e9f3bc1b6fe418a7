import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, describe, expect, it } from "vitest";
import type { EventStore } from "../ports/eventStore.ts";
import { createSqliteEventStore } from "./sqliteEventStore.ts";

const metadata = {
  schemaVersion: 1,
  correlationId: "00000000-0000-4000-8000-000000000001",
  causationId: "00000000-0000-4000-8000-000000000001",
  actor: { kind: "system" as const, name: "test" },
};

/**
 * A fault probe damaged one row of events.db (its data cut short): the shop then stayed "starting"
 * after a restart, logging only `SyntaxError: Unexpected end of JSON input` every 5 s, and the
 * operator could not tell which of a million rows to mend. Every way the log is read must name it.
 */
describe("a damaged row in the SQLite event log", () => {
  let dir: string | undefined;
  const stores: EventStore[] = [];
  afterEach(async () => {
    for (const store of stores.splice(0)) await store.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const damagedLog = async (field: "data" | "metadata") => {
    dir = await mkdtemp(join(tmpdir(), "shop-damaged-"));
    const file = join(dir, "events.db");
    const store = createSqliteEventStore({ file, replayThreadFrom: 0 });
    stores.push(store);
    await store.appendToStream("order-1", [{ type: "Made", data: { n: 1 }, metadata }], {
      expectedRevision: "no_stream",
    });
    await store.appendToStream("order-2", [{ type: "Made", data: { n: 2 }, metadata }], {
      expectedRevision: "no_stream",
    });
    const db = new DatabaseSync(file);
    const { id } = db.prepare("SELECT id FROM events WHERE position = 2").get() as { id: string };
    db.prepare(`UPDATE events SET ${field} = '{"n":' WHERE position = 2`).run();
    db.close();
    return { store, id };
  };

  const named = (field: string, id: string) =>
    new RegExp(`event log: the ${field} of the event at position 2 \\(id ${id}\\) is not JSON`);

  it.each(["data", "metadata"] as const)(
    "names the row whose %s does not parse, however it is read",
    async (field) => {
      const { store, id } = await damagedLog(field);
      await expect(store.readStream("order-2")).rejects.toThrow(named(field, id));
      await expect(store.readStream("order-1")).resolves.toHaveLength(1);
      const subscribed = async () => {
        for await (const _ of store.subscribeToAll({ signal: AbortSignal.timeout(5000) }));
      };
      await expect(subscribed()).rejects.toThrow(named(field, id));
      const paged = async (decoder?: string) => {
        for await (const _ of store.readPages!({ toPosition: "2", ...(decoder && { decoder }) }));
      };
      await expect(paged()).rejects.toThrow(named(field, id));
      // A long replay reads in a thread of its own (here any replay, `replayThreadFrom: 0`).
      const decoder = `data:text/javascript,${encodeURIComponent("export const decode = (t, d) => d;")}`;
      await expect(paged(decoder)).rejects.toThrow(named(field, id));
    },
  );
});
