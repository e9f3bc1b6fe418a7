import { closeOnSignals, createLogger, guardProcess, loadConfig } from "@shop/platform";
import { startProjectorService } from "./service.ts";

const config = loadConfig();
const logger = createLogger(config).child({ service: "projector" });
guardProcess({ logger });
const service = await startProjectorService(config, { logger, processMetrics: true });
closeOnSignals(() => service.close(), { logger });
