import { closeOnSignals, createLogger, guardProcess, loadConfig } from "@shop/platform";
import { startQueryApiService } from "./service.ts";

const config = loadConfig();
const logger = createLogger(config).child({ service: "query-api" });
guardProcess({ logger });
const service = await startQueryApiService(config, { logger, processMetrics: true });
closeOnSignals(() => service.close(), { logger });
