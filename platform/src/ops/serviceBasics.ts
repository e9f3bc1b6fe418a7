import type { Config } from "../config/config.ts";
import { createLogger } from "../config/logger.ts";
import { createMetrics } from "./metrics.ts";
import type { ServiceOptions } from "./serviceHttp.ts";

/**
 * What every service process starts with: its logger, the options its ports take (the Redis prefix:
 * a test's own, else REDIS_PREFIX), its metrics.
 */
export const serviceBasics = (service: string, config: Config, options: ServiceOptions) => {
  const logger = options.logger ?? createLogger(config).child({ service });
  const redisPrefix = options.redisPrefix ?? config.redisPrefix;
  return {
    logger,
    ports: { logger, ...(redisPrefix && { redisPrefix }) },
    metrics: createMetrics({ service, processMetrics: options.processMetrics ?? false }),
  };
};
