import { closeOnSignals, createLogger, loadConfig } from "@shop/platform";
import { startCommandApiService } from "./service.ts";

const config = loadConfig();
const logger = createLogger(config).child({ service: "command-api" });
const service = await startCommandApiService(config, { logger, processMetrics: true });
closeOnSignals(() => service.close(), { logger });
