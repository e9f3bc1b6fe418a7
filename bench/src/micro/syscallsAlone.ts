/**
 * Probe: the system calls one customer alone costs the shop per order, read by strace (-f, every
 * thread). 300 orders warm it up, then strace attaches for `orders` more: `count` prints strace's
 * table per call, `detail` writes every call with its file (-y) and time, for a few orders.
 * `npx node bench/src/micro/syscallsAlone.ts [count|detail] [orders] [out=/tmp/syscalls-alone.txt]`;
 * STRACE_FILTER narrows `detail` (default: all but futex, epoll and clock calls).
 */
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startServerProcess } from "../lib/processes.ts";
import {
  BENCH_SHOP_ENV,
  connectSocket,
  DEMO_ADMIN,
  listedProductIds,
  login,
  orderBody,
  placeOrder,
  signup,
} from "../lib/shopApi.ts";
import { sleep } from "../lib/time.ts";

const [mode = "count", ordersArg, out = "/tmp/syscalls-alone.txt"] = process.argv.slice(2);
const detail = mode === "detail";
const orders = Number(ordersArg ?? (detail ? 3 : 200));
const dir = mkdtempSync(join(tmpdir(), "syscalls-alone-"));
const shop = await startServerProcess({
  script: "shop.js",
  env: { ...BENCH_SHOP_ENV, DATA_DIR: join(dir, "shop") },
  logFile: join(dir, "shop.log"),
});
const user = await signup(shop.url, 0);
const products = await listedProductIds(shop.url);
// As in scenario 1: an admin's socket hears every order.placed.
const socket = await connectSocket(shop.url, await login(shop.url, DEMO_ADMIN.email, DEMO_ADMIN.password));
let n = 0;
try {
  for (; n < 300; n++) await placeOrder(shop.url, user.token, orderBody(products, n));
  const filter =
    process.env.STRACE_FILTER ?? "trace=!futex,epoll_wait,epoll_pwait,epoll_pwait2,clock_gettime";
  const args = detail ? ["-f", "-y", "-tt", "-e", filter] : ["-f", "-c"];
  const strace = spawn("strace", [...args, "-p", String(shop.pid), "-o", out], { stdio: "inherit" });
  const exited = new Promise((resolve) => strace.on("exit", resolve));
  await sleep(1000);
  for (let k = 0; k < orders; k++, n++) await placeOrder(shop.url, user.token, orderBody(products, n));
  await sleep(300);
  strace.kill("SIGINT");
  await exited;
  process.stdout.write(`${orders} orders traced: ${out}\n`);
} finally {
  socket.close();
  await shop.stop();
}
