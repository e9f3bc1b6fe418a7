/** The standalone as `npm start` runs it (main.js enables the compile cache first). */
import { closeOnSignals, createLogger, guardProcess, loadConfig } from "@shop/platform";
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

// SIGTERM and SIGINT: closed within compose's grace period, each step logged (a stop forced at
// its bound says so, and exits 1).
closeOnSignals(() => shop.close(), { logger: createLogger(config), timeoutMs: 9000 });
