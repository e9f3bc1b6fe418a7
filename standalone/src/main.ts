import { createLogger, guardProcess, loadConfig } from "@shop/platform";
import { startShop } from "./shop.ts";

const config = loadConfig();
guardProcess({ logger: createLogger(config) });
const shop = await startShop({ config, processMetrics: true });
console.log(`\n  School shop ready at http://localhost:${shop.port}\n`);

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  const force = setTimeout(() => process.exit(1), 5000);
  force.unref();
  console.log(`${signal}: closing`);
  await shop.close();
  process.exit(0);
};
process.on("SIGTERM", () => void stop("SIGTERM"));
process.on("SIGINT", () => void stop("SIGINT"));
