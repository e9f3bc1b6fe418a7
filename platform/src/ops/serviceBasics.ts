import type { Config } from "../config/config.ts";
import { createLogger } from "../config/logger.ts";
import { createMetrics } from "./metrics.ts";
import type { ServiceOptions } from "./serviceHttp.ts";

/** What every service process starts with: its logger, the options its ports take, its metrics. */
export const serviceBasics = (service: string, config: Config, options: ServiceOptions) => {
  const logger = options.logger ?? createLogger(config).child({ service });
  return {
    logger,
    ports: { logger, ...(options.redisPrefix && { redisPrefix: options.redisPrefix }) },
    metrics: createMetrics({ service, processMetrics: options.processMetrics ?? false }),
  };
};
