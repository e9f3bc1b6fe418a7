import { cpSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { createSqliteEventStore } from "@shop/platform";
import { appendOrders, catalogueLines, folderWithOrders, seededTemplate } from "../lib/eventLog.ts";
import { runJsonChild, startServerProcess } from "../lib/processes.ts";
import type { Figure } from "../lib/report.ts";
import type { Scenario } from "../lib/scenario.ts";
import { BENCH_SHOP_ENV } from "../lib/shopApi.ts";
import { spread } from "../lib/stats.ts";

interface RebuildOutput {
  events: number;
  ms: number;
  /** CPU time of the replay in the child (all its threads). */
  cpuMs: number;
  /** CPU time of the thread that projects (the log is read in a thread beside it). */
  mainCpuMs: number;
  perSecond: number;
  orders: number;
}

/**
 * 4. Replay rate into fresh read models (1 M events), and the standalone on a 1 M-event log of
 * 100 k orders: its first boot (no read-model snapshot: a full rebuild), then boots from the
 * snapshot that first run left, and its peak RSS with those read models loaded.
 */
export const rebuildAndBoot: Scenario = {
  id: "4",
  title: "Rebuild and boot",
  async run(ctx) {
    const dir = join(ctx.workDir, "rebuild");
    mkdirSync(dir, { recursive: true });
    const rebuildOrders = ctx.quick ? 25_000 : 250_000;
    const rebuildRounds = ctx.quick ? 1 : 3;
    const bootOrders = ctx.quick ? 10_000 : 100_000;
    const bootRounds = ctx.quick ? 2 : 3;

    // The replay log: the seeded demo log plus generated orders of four events each.
    const logFile = join(dir, "events.db");
    const template = await seededTemplate(ctx.workDir);
    const lines = catalogueLines(join(template, "events.db"));
    const gen = appendOrders(logFile, { orders: rebuildOrders, eventsPerOrder: 4, lines });
    ctx.log(
      `  generated ${gen.events.toLocaleString("en-US")} events in ${(gen.ms / 1000).toFixed(1)} s ` +
        `(${Math.round(gen.events / (gen.ms / 1000)).toLocaleString("en-US")} events/s)`,
    );
    const rates: number[] = [];
    const cpuRates: number[] = [];
    const mainCpuRates: number[] = [];
    const peaks: number[] = [];
    let replayed = 0;
    let orders = 0;
    for (let r = 0; r < rebuildRounds; r++) {
      const { result, peakKiB } = await runJsonChild<RebuildOutput>("rebuild.ts", [logFile], {
        timeoutMs: 600_000,
        logFile: join(dir, "rebuild.log"),
      });
      rates.push(result.perSecond);
      cpuRates.push(result.events / (result.cpuMs / 1000));
      mainCpuRates.push(result.events / (result.mainCpuMs / 1000));
      peaks.push(peakKiB);
      replayed = result.events;
      orders = result.orders;
      ctx.log(
        `  rebuild round ${r + 1}: ${result.events} events in ${(result.ms / 1000).toFixed(1)} s = ` +
          `${Math.round(result.perSecond)} events/s (${(result.cpuMs / 1000).toFixed(1)} s CPU, ` +
          `${(result.mainCpuMs / 1000).toFixed(1)} s of it on the projecting thread), peak RSS ${(peakKiB / 1024).toFixed(0)} MiB`,
      );
    }
    ctx.memory.push({
      phase: `4. rebuild of ${replayed.toLocaleString("en-US")} events`,
      peakKiB: Math.max(...peaks),
    });
    rmSync(logFile, { force: true });

    // Boot: the seeded folder plus 100 k orders of about 10 events each (carts, placement, status
    // changes, OTP, delivery), placed over the last 365 days: a shop's year of history, of which
    // the delivered orders older than COLD_ORDER_DAYS (30) load as stubs. A first run of the shop on it rebuilds the read models from the
    // log and leaves their snapshot when it stops, as a shop in production has one; then each
    // round boots a fresh copy of that folder, from spawn to /readyz 200.
    const golden = await folderWithOrders(ctx.workDir, bootOrders, join(dir, "boot-golden"), {
      eventsPerOrder: 4,
      carts: true,
      spreadDays: 365,
    });
    // The seeded template's read-model snapshot, left at the demo data's position, would make the
    // first run catch up on the whole generated log through the live projector instead of rebuilding.
    for (const suffix of ["", "-wal", "-shm"])
      rmSync(join(golden, `read-models.db${suffix}`), { force: true });
    const log = createSqliteEventStore({ file: join(golden, "events.db") });
    const bootEvents = Number(await log.headPosition());
    await log.close();
    const first = await startServerProcess({
      script: "shop.js",
      env: { ...BENCH_SHOP_ENV, DATA_DIR: golden },
      logFile: join(dir, "boot-first.log"),
      timeoutMs: 1_800_000,
    });
    const firstBoot = first.bootMs / 1000;
    const firstPeak = first.memory().peakKiB;
    await first.stop();
    ctx.log(
      `  first boot (no snapshot, full rebuild of ${bootEvents.toLocaleString("en-US")} events): ` +
        `${firstBoot.toFixed(2)} s to /readyz 200, peak RSS ${(firstPeak / 1024).toFixed(0)} MiB`,
    );
    const boots: number[] = [];
    const bootCpu: number[] = [];
    const bootPeaks: number[] = [];
    for (let r = 0; r < bootRounds; r++) {
      const data = join(dir, `boot-${r}`);
      cpSync(golden, data, { recursive: true });
      const shop = await startServerProcess({
        script: "shop.js",
        env: { ...BENCH_SHOP_ENV, DATA_DIR: data },
        logFile: join(dir, `boot-${r}.log`),
        timeoutMs: 300_000,
      });
      // CPU to readiness: on a shared machine, the wall time mostly measures the others' load.
      const cpuMs = shop.cpuMs();
      // Loaded and ready; the peak includes the load itself.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const peakKiB = shop.memory().peakKiB;
      boots.push(shop.bootMs / 1000);
      bootCpu.push(cpuMs / 1000);
      bootPeaks.push(peakKiB / 1024);
      await shop.stop();
      rmSync(data, { recursive: true, force: true });
      ctx.log(
        `  boot round ${r + 1}: ${(shop.bootMs / 1000).toFixed(2)} s to /readyz 200 (${(cpuMs / 1000).toFixed(1)} s CPU), peak RSS ${(peakKiB / 1024).toFixed(0)} MiB`,
      );
    }
    rmSync(golden, { recursive: true, force: true });
    ctx.memory.push({
      phase: `4. standalone first boot (full rebuild) on a ${(bootEvents / 1e6).toFixed(2)} M-event log`,
      peakKiB: firstPeak,
    });
    ctx.memory.push({
      phase: `4. standalone boot from its snapshot, ${(bootOrders / 1000).toFixed(0)} k orders loaded`,
      peakKiB: Math.max(...bootPeaks) * 1024,
    });
    const logName = `${(bootEvents / 1e6).toFixed(2)} M-event log, ${(bootOrders / 1000).toFixed(0)} k orders`;

    const figures: Figure[] = [
      {
        name: `replay into fresh read models (${(replayed / 1e6).toFixed(2)} M events)`,
        unit: "events/s",
        value: spread(rates),
        target: { op: ">=", value: 150_000, text: "≥ 150,000 events/s" },
        digits: 0,
      },
      {
        // All threads of the rebuild process (the projecting one, the log's reader, GC helpers).
        name: "replay, events per CPU second of the rebuild process",
        unit: "events/s",
        value: spread(cpuRates),
        digits: 0,
      },
      {
        // The critical path: on a machine with a core free for the reader, the wall rate tends to this one.
        name: "replay, events per CPU second of the projecting thread",
        unit: "events/s",
        value: spread(mainCpuRates),
        digits: 0,
      },
      {
        name: `standalone boot to /readyz 200 from its read-model snapshot (${logName})`,
        unit: "s",
        value: spread(boots),
        target: { op: "<=", value: 3, text: "≤ 3 s" },
        digits: 2,
      },
      {
        name: "standalone boot from its snapshot: CPU time of the shop process to /readyz 200",
        unit: "s",
        value: spread(bootCpu),
        digits: 2,
      },
      {
        name: `peak RSS, standalone booted with its read models loaded (${logName})`,
        unit: "MiB",
        value: spread(bootPeaks),
        target: { op: "<=", value: 400, text: "≤ 400 MiB" },
        digits: 0,
      },
      {
        name: `standalone first boot, no snapshot: full rebuild (${logName})`,
        unit: "s",
        value: spread([firstBoot]),
        digits: 2,
      },
    ];
    return {
      id: this.id,
      title: this.title,
      figures,
      notes: [
        `Replay log: ${rebuildOrders.toLocaleString("en-US")} orders × 4 events ` +
          "(OrderPlaced of the demo catalogue's products, OrderStatusChanged, DeliveryOtpSent, OrderDelivered, streams interleaved in the global order) " +
          `written straight into an event store file with the sqliteEventStore schema in batched transactions; ` +
          `${replayed.toLocaleString("en-US")} events, ${orders.toLocaleString("en-US")} orders after replay. ` +
          `Each of ${rebuildRounds} rounds runs \`rebuildReadModels\` (all projections, in-memory documents) in a fresh child process.`,
        `Boot: the seeded folder plus ${bootOrders.toLocaleString("en-US")} generated orders with their carts ` +
          "(CartItemAdded/Removed/QuantityChanged, CartCheckedOut, then the four order events above; the status mails' checkpoint at the log's end), " +
          "placed evenly over the 365 days up to now (the shop's COLD_ORDER_DAYS keeps delivered orders older than 30 days as stubs), " +
          `${bootEvents.toLocaleString("en-US")} events. A first run of the shop on it rebuilds the read models from the whole log (one round) and writes ` +
          "DATA_DIR/read-models.db when it stops; then each round boots a fresh copy of that folder, timed from spawning " +
          "`node bench/src/children/shop.js` (Node start, module loading, snapshot load, replay of the tail, seeding check) " +
          "(like `npm start`, with Node's compile cache, which the earlier runs of the shop in this bench have filled) " +
          `until GET /readyz first answers 200, and reads the process's peak RSS (VmHWM) 1 s later; ${bootRounds} rounds.`,
      ],
    };
  },
};
