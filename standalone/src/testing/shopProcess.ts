import { closeOnSignals, createLogger, guardProcess, loadConfig } from "@shop/platform";
import { startShop } from "../shop.ts";

/**
 * The standalone shop as its own process for fault tests (like `npm start`, without building the
 * SPA): the guard of every main, and SIGTERM closes it as run.ts does. A test watches whether it
 * ever exits.
 */
const config = loadConfig();
guardProcess({ logger: createLogger(config) });
const shop = await startShop({ config, buildSpa: false });
process.stdout.write(`${JSON.stringify({ msg: "fault-test shop listening", port: shop.port })}\n`);
// As run.ts (`npm start`) closes.
closeOnSignals(() => shop.close(), { logger: createLogger(config), timeoutMs: 9000 });
