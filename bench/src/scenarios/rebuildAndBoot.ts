import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
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
  perSecond: number;
  orders: number;
}

/** 4. Replay rate into fresh read models (1 M events) and standalone boot on a 100 k-event log. */
export const rebuildAndBoot: Scenario = {
  id: "4",
  title: "Rebuild and boot",
  async run(ctx) {
    const dir = join(ctx.workDir, "rebuild");
    mkdirSync(dir, { recursive: true });
    const rebuildOrders = ctx.quick ? 25_000 : 250_000;
    const rebuildRounds = ctx.quick ? 1 : 3;
    const bootOrders = ctx.quick ? 20_000 : 100_000;
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
      peaks.push(peakKiB);
      replayed = result.events;
      orders = result.orders;
      ctx.log(
        `  rebuild round ${r + 1}: ${result.events} events in ${(result.ms / 1000).toFixed(1)} s = ` +
          `${Math.round(result.perSecond)} events/s (${(result.cpuMs / 1000).toFixed(1)} s CPU), peak RSS ${(peakKiB / 1024).toFixed(0)} MiB`,
      );
    }
    ctx.memory.push({
      phase: `4. rebuild of ${replayed.toLocaleString("en-US")} events`,
      peakKiB: Math.max(...peaks),
    });
    rmSync(logFile, { force: true });

    // Boot: a fresh copy of the 100 k-order folder each round, from spawn to /readyz 200.
    const boots: number[] = [];
    const bootPeaks: number[] = [];
    for (let r = 0; r < bootRounds; r++) {
      const data = await folderWithOrders(ctx.workDir, bootOrders, join(dir, `boot-${r}`));
      const shop = await startServerProcess({
        script: "shop.ts",
        env: { ...BENCH_SHOP_ENV, DATA_DIR: data },
        logFile: join(dir, `boot-${r}.log`),
        timeoutMs: 300_000,
      });
      boots.push(shop.bootMs / 1000);
      bootPeaks.push(shop.memory().peakKiB);
      await shop.stop();
      rmSync(data, { recursive: true, force: true });
      ctx.log(`  boot round ${r + 1}: ${(shop.bootMs / 1000).toFixed(2)} s to /readyz 200`);
    }
    ctx.memory.push({
      phase: `4. standalone boot on a ${bootOrders.toLocaleString("en-US")}-order log`,
      peakKiB: Math.max(...bootPeaks),
    });

    const figures: Figure[] = [
      {
        name: `replay into fresh read models (${(replayed / 1e6).toFixed(2)} M events)`,
        unit: "events/s",
        value: spread(rates),
        target: { op: ">=", value: 150_000, text: "≥ 150,000 events/s" },
        digits: 0,
      },
      {
        // The replay runs on one thread: on a quiet machine its wall rate tends to this one.
        name: "replay, events per CPU second of the rebuild process",
        unit: "events/s",
        value: spread(cpuRates),
        digits: 0,
      },
      {
        name: `standalone boot to /readyz 200 (${(bootOrders / 1000).toFixed(0)} k-event log)`,
        unit: "s",
        value: spread(boots),
        target: { op: "<=", value: 10, text: "≤ 10 s" },
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
        `Boot: a fresh copy of the seeded folder plus ${bootOrders.toLocaleString("en-US")} OrderPlaced events ` +
          "(the same log as scenario 3), timed from spawning `node bench/src/children/shop.ts` (Node start, module " +
          `loading, seeding check, projector catch-up) until GET /readyz first answers 200; ${bootRounds} rounds.`,
      ],
    };
  },
};
