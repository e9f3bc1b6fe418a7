import { closeOnSignals, createLogger, guardProcess, loadConfig, stopPretenuring } from "@shop/platform";
import { startWorkersService } from "./service.ts";

const config = loadConfig();
const logger = createLogger(config).child({ service: "workers" });
guardProcess({ logger });
// Mail jobs make short-lived stream objects that V8 may wrongly pretenure (see stopPretenuring).
stopPretenuring();
const service = await startWorkersService(config, { logger, processMetrics: true });
closeOnSignals(() => service.close(), { logger });
