/** The standalone as `npm start` runs it (main.js enables the compile cache first). */
import { createLogger, guardProcess, loadConfig } from "@shop/platform";
import { standaloneEnv } from "./dataDir.ts";
import { DEMO_ACCOUNTS } from "./seed/demoCatalogue.ts";
import { startShop } from "./shop.ts";

const config = loadConfig(standaloneEnv(process.env));
guardProcess({ logger: createLogger(config) });
const shop = await startShop({ config, processMetrics: true });

// The line a newcomer looks for, set apart from the log: where the shop is, whom to log in as, where data lands.
const bold = (text: string) => (process.stdout.isTTY ? `\x1b[1m\x1b[32m${text}\x1b[0m` : text);
const roles: Record<number, string> = { 1: "admin", 2: "delivery", 3: "customer" };
const banner = [
  "",
  `  ${bold(`School shop ready at http://localhost:${shop.port}`)}`,
  ...(config.seedDemo
    ? [
        "",
        "  Demo accounts (e-mail / password):",
        ...DEMO_ACCOUNTS.map(
          (a) => `    ${(roles[a.accType] ?? "").padEnd(9)} ${a.email.padEnd(22)} ${a.password}`,
        ),
      ]
    : []),
  "",
  `  Data: ${config.dataDir} (mails in outbox/, images in media/)`,
  "",
];
console.log(banner.join("\n"));

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
