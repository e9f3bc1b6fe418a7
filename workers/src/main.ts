import { closeOnSignals, createLogger, guardProcess, loadConfig } from "@shop/platform";
import { startWorkersService } from "./service.ts";

const config = loadConfig();
const logger = createLogger(config).child({ service: "workers" });
guardProcess({ logger });
const service = await startWorkersService(config, { logger, processMetrics: true });
closeOnSignals(() => service.close(), { logger });
