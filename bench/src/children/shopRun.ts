/**
 * The embedded standalone as the harness runs it: its own process, configured from the
 * environment like `npm start` (PORT, DATA_DIR, LOG_LEVEL, RATE_LIMIT_*), without the SPA build
 * check (the frontend scenario builds it first when stale).
 */
import { loadConfig } from "@shop/platform";
import { startShop } from "@shop/standalone";

const shop = await startShop({ config: loadConfig(process.env), buildSpa: false, processMetrics: true });

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  const force = setTimeout(() => process.exit(1), 8000);
  force.unref();
  await shop.close();
  process.exit(0);
};
process.on("SIGTERM", () => void stop());
process.on("SIGINT", () => void stop());
