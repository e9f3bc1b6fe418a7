import {
  type Config,
  closeHttpServer,
  connectionLimitsOf,
  createSessionTokens,
  failingChecks,
  listenObserved,
  openPorts,
  opsRoutes,
  type RunningService,
  resolveSessionSecret,
  type ServiceOptions,
  serviceBasics,
} from "@shop/platform";
import { createDeviceTokens, createOtpCipher } from "@shop/platform/crypto";
import express from "express";
import { createCommandApi } from "./app.ts";
import { queuePage } from "./ops/queueDashboard.ts";

/**
 * command-api as its own process (ARCHITECTURE §3): the ports from the environment, the command
 * app, the queue dashboard at /ops/queues, and /healthz, /readyz, /metrics.
 */
export async function startCommandApiService(
  config: Config,
  options: ServiceOptions = {},
): Promise<RunningService> {
  const { logger, ports: portOptions, metrics } = serviceBasics("command-api", config, options);
  // First, so a production profile without SESSION_SECRET stops before opening any connection.
  const sessionSecret = await resolveSessionSecret(config);
  if (!config.redisUrl)
    logger.warn("no REDIS_URL: jobs queue in this process and no worker runs them (use npm start embedded)");
  const ports = await openPorts(config, {
    ...portOptions,
    metrics,
    use: ["events", "docs", "secrets", "credentials", "jobs", "live", "media"],
  });
  const { events, secrets } = ports;
  const tokens = createSessionTokens({ secret: sessionSecret });
  const api = createCommandApi({
    events,
    docs: ports.docs,
    secrets,
    credentials: ports.credentials,
    jobs: ports.jobs,
    live: ports.live,
    media: ports.media,
    tokens,
    otp: createOtpCipher(sessionSecret),
    devices: createDeviceTokens(sessionSecret),
    logger,
    cookieSecure: config.cookieSecure,
    trustProxy: config.trustProxy,
    rateLimits: config.rateLimits,
    ...(config.publicUrl && { publicUrl: config.publicUrl }),
    uploadWaitMs: config.uploadWaitMs,
    uploadReceiveMs: config.uploadReceiveMs,
  });
  const queues = await queuePage(config, {
    tokens,
    secrets,
    events,
    ...(portOptions.redisPrefix && { redisPrefix: portOptions.redisPrefix }),
  });

  const app = express();
  app.disable("x-powered-by");
  app.use(
    opsRoutes({
      metrics,
      ready: async () => {
        const failing = await failingChecks({
          eventStore: () => events.headPosition(),
          secrets: () => secrets.get("readyz"),
        });
        return failing.length > 0
          ? { ready: false, body: { status: "unavailable", failing } }
          : { ready: true, body: { status: "ready" } };
      },
    }),
  );
  app.use("/ops/queues", queues.handler);
  app.use(api);
  const { server, port, url } = await listenObserved(app, {
    port: config.port,
    logger,
    metrics,
    ...connectionLimitsOf(config),
  });
  logger.info({ port, profile: config.profile }, "command-api listening");

  let closing: Promise<void> | undefined;
  return {
    url,
    port,
    server,
    close() {
      // Stop taking requests and let in-flight ones finish (their appends and enqueues), then close clients.
      closing ??= (async () => {
        await closeHttpServer(server);
        await Promise.allSettled([queues.close(), ports.close()]);
      })();
      return closing;
    },
  };
}
