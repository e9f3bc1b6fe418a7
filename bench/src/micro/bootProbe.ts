/**
 * Boot probe: scenario 4's folder (100 k orders with carts over 365 days), made once under
 * WORK (default /tmp/bootprobe), its snapshot written by a first run; then N boots of fresh copies,
 * each timed to /readyz 200, with the shop's CPU and peak RSS 1 s later, and its RSS then.
 *
 *   npx node bench/src/micro/bootProbe.ts [boots=3] [work=/tmp/bootprobe]
 *
 * Extra Node flags for the booted shop: BENCH_CHILD_FLAGS (as in the bench).
 */
import { cpSync, existsSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { folderWithOrders } from "../lib/eventLog.ts";
import { startServerProcess } from "../lib/processes.ts";
import { BENCH_SHOP_ENV } from "../lib/shopApi.ts";

const boots = Number(process.argv[2] ?? 3);
const work = process.argv[3] ?? "/tmp/bootprobe";
mkdirSync(work, { recursive: true });
const golden = join(work, "golden-snap");
if (!existsSync(join(golden, "read-models.db"))) {
  await folderWithOrders(work, 100_000, golden, { eventsPerOrder: 4, carts: true, spreadDays: 365 });
  for (const suffix of ["", "-wal", "-shm"]) rmSync(join(golden, `read-models.db${suffix}`), { force: true });
  const first = await startServerProcess({
    script: "shop.js",
    env: { ...BENCH_SHOP_ENV, DATA_DIR: golden },
    logFile: join(work, "first.log"),
    timeoutMs: 1_800_000,
  });
  console.log(`first boot ${(first.bootMs / 1000).toFixed(2)} s`);
  await first.stop();
}
for (let r = 0; r < boots; r++) {
  const data = join(work, `boot-${r}`);
  rmSync(data, { recursive: true, force: true });
  cpSync(golden, data, { recursive: true });
  const shop = await startServerProcess({
    script: "shop.js",
    env: { ...BENCH_SHOP_ENV, DATA_DIR: data },
    logFile: join(work, `boot-${r}.log`),
    timeoutMs: 300_000,
  });
  const cpu = shop.cpuMs();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const mem = shop.memory();
  console.log(
    `boot ${r + 1}: ${(shop.bootMs / 1000).toFixed(2)} s, CPU ${(cpu / 1000).toFixed(2)} s, ` +
      `peak ${(mem.peakKiB / 1024).toFixed(0)} MiB, RSS after 1 s ${(mem.rssKiB / 1024).toFixed(0)} MiB`,
  );
  await shop.stop();
  rmSync(data, { recursive: true, force: true });
}
