import { closeOnSignals, createLogger, guardProcess, loadConfig } from "@shop/platform";
import { startCommandApiService } from "./service.ts";

const config = loadConfig();
const logger = createLogger(config).child({ service: "command-api" });
guardProcess({ logger });
const service = await startCommandApiService(config, { logger, processMetrics: true });
closeOnSignals(() => service.close(), { logger });
