import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type ServerProcess, startServerProcess } from "./processes.ts";
import { BENCH_SHOP_ENV } from "./shopApi.ts";

/**
 * One side of a micro A/B (bench/src/micro/ab*.ts): a bench shop child from this checkout or from
 * AB_DIR_<name>, with the extra environment AB_ENV_<name> (JSON) and Node flags AB_FLAGS_<name>.
 */
export const startAbShop = (name: string, dir: string): Promise<ServerProcess> => {
  const checkout = process.env[`AB_DIR_${name}`];
  const extra = JSON.parse(process.env[`AB_ENV_${name}`] ?? "{}") as Record<string, string>;
  return startServerProcess({
    script: "shop.js",
    ...(checkout && { childrenDir: join(checkout, "bench/src/children") }),
    env: { ...BENCH_SHOP_ENV, ...extra, DATA_DIR: join(dir, name) },
    logFile: join(dir, `${name}.log`),
    nodeFlags: process.env[`AB_FLAGS_${name}`]?.split(" ").filter(Boolean) ?? [],
  });
};

/** What one thread of a process has done so far (/proc/<pid>/task/<tid>). */
export interface ThreadStats {
  tid: string;
  /** The thread's name: MainThread, WorkerThread, V8Worker, … */
  comm: string;
  /** Run time on a CPU (schedstat), ns. */
  runNs: number;
  /** User and system time (stat's utime and stime: clock ticks of 10 ms), ns. */
  userNs: number;
  systemNs: number;
  /** Times it went to sleep (voluntary context switches): each one a wake-up later. */
  sleeps: number;
}

/** Every live thread of `pid` (a thread that exits between the listing and its reads is left out). */
export const threadStats = (pid: number): ThreadStats[] =>
  readdirSync(`/proc/${pid}/task`).flatMap((tid) => {
    try {
      const at = (file: string) => readFileSync(`/proc/${pid}/task/${tid}/${file}`, "utf8");
      const stat = at("stat");
      // utime and stime follow the command's closing parenthesis (fields 14 and 15).
      const [user = 0, system = 0] = stat
        .slice(stat.lastIndexOf(")") + 2)
        .split(" ")
        .slice(11, 13)
        .map((ticks) => Number(ticks) * 1e7);
      return [
        {
          tid,
          comm: at("comm").trim(),
          runNs: Number(at("schedstat").split(" ")[0]),
          userNs: user,
          systemNs: system,
          sleeps: Number(/voluntary_ctxt_switches:\s+(\d+)/.exec(at("status"))?.[1] ?? 0),
        },
      ];
    } catch {
      return [];
    }
  });
