import { createLogger, guardProcess, loadConfig } from "@shop/platform";
import { startShop } from "../shop.ts";

/**
 * The standalone shop as its own process for fault tests (like `npm start`, without building the
 * SPA): the guard of every main, and SIGTERM closes it. A test watches whether it ever exits.
 */
const config = loadConfig();
guardProcess({ logger: createLogger(config) });
const shop = await startShop({ config, buildSpa: false });
process.stdout.write(`${JSON.stringify({ msg: "fault-test shop listening", port: shop.port })}\n`);
process.on("SIGTERM", () => {
  void shop.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
