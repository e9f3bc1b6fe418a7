import { closeOnSignals, createLogger, loadConfig } from "@shop/platform";
import { startWorkersService } from "./service.ts";

const config = loadConfig();
const logger = createLogger(config).child({ service: "workers" });
const service = await startWorkersService(config, { logger, processMetrics: true });
closeOnSignals(() => service.close(), { logger });
