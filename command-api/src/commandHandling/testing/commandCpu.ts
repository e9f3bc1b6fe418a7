/**
 * Micro-benchmark (RESULTS.md, fifth session, live path): CPU per command on streams that grow to
 * 40 events (bench scenario 2's order streams in a full run), 50 cart streams × 40 commands each,
 * through `handleCommand` on the SQLite event store. `node command-api/src/commandHandling/testing/commandCpu.ts`.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { systemActor } from "@shop/contracts";
import { createSqliteEventStore } from "@shop/platform";
import { cartDecider } from "../../carts/decider.ts";
import { handleCommand } from "../handleCommand.ts";

const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const dir = mkdtempSync(join(tmpdir(), "command-cpu-"));
const events = createSqliteEventStore({ file: join(dir, "events.db") });
const STREAMS = 50;
const COMMANDS = 40;
const users = Array.from({ length: STREAMS }, () => randomUUID());
const products = Array.from({ length: 7 }, () => randomUUID());
const actor = systemActor("bench");
const c0 = cpu();
for (let c = 0; c < COMMANDS; c++) {
  await Promise.all(
    users.map((userId) =>
      handleCommand(
        events,
        `cart-${userId}`,
        cartDecider,
        {
          type: "AddCartItem",
          data: { userId, productId: products[c % 7]!, quantity: 1, productListed: true },
        },
        { actor, correlationId: randomUUID() },
      ),
    ),
  );
}
const ms = cpu() - c0;
await events.close();
rmSync(dir, { recursive: true, force: true });
console.log(JSON.stringify({ commandCpuMs: +(ms / (STREAMS * COMMANDS)).toFixed(4) }));
