import { Queues } from "@shop/contracts";
import {
  acquireLeadershipFor,
  type Config,
  closeHttpServer,
  failingChecks,
  listenObserved,
  openNamedCheckpoint,
  openPorts,
  openRedisProbe,
  opsRoutes,
  type RunningService,
  resolveSessionSecret,
  type ServiceOptions,
  serviceBasics,
} from "@shop/platform";
import { createOtpCipher } from "@shop/platform/crypto";
import express from "express";
import { createImageHandler } from "./images/processImage.ts";
import { createMailHandler } from "./mail/handlers.ts";
import { shopInfoOf } from "./mail/shopInfo.ts";
import { followStatusMails } from "./mail/statusMails.ts";

/**
 * The workers as their own process: the mail and image handlers on BullMQ (REDIS_URL), scaled
 * out by running more instances. SIGTERM lets the active jobs finish before closing, so no job
 * is left stuck in active.
 */
export async function startWorkersService(
  config: Config,
  options: ServiceOptions = {},
): Promise<RunningService> {
  const { logger, ports: portOptions, metrics } = serviceBasics("workers", config, options);
  // The OTP travels sealed with a key from the session secret: the same secret as command-api's.
  const sessionSecret = await resolveSessionSecret(config);
  if (!config.redisUrl) logger.warn("no REDIS_URL: this process has no queue to take jobs from");
  const ports = await openPorts(config, {
    ...portOptions,
    metrics,
    use: ["events", "jobs", "mailer", "media"],
  });
  const { events, jobs, mailer, media } = ports;
  const redis = await openRedisProbe(config);
  jobs.process(
    Queues.mail,
    createMailHandler({
      mailer,
      otp: createOtpCipher(sessionSecret),
      logger,
      shop: shopInfoOf(config),
    }),
    // A mail takes a second or two: a worker silent for 30 s has died, and its mail goes to another
    // (the message id keeps a mail it already sent from going twice).
    { concurrency: 4, lockDurationMs: 30_000 },
  );
  // Decoding is CPU- and memory-heavy: two images at a time per instance; scale out for more. The
  // upload request waits up to 30 s, so a stalled image is taken over within that.
  jobs.process(Queues.images, createImageHandler({ media, logger }), {
    concurrency: 2,
    lockDurationMs: 15_000,
  });

  // Status mails come from the log (one instance follows it: a Redis lock), with their own
  // checkpoint in MongoDB, so none is lost while Redis is away and none is sent twice.
  const mailCheckpoint = await openNamedCheckpoint(config, "status-mails");
  const stopMails = new AbortController();
  const statusMails = (async () => {
    while (!stopMails.signal.aborted) {
      let leadership: Awaited<ReturnType<typeof acquireLeadershipFor>>;
      try {
        leadership = await acquireLeadershipFor(config, {
          ...portOptions,
          name: "status-mails",
          signal: stopMails.signal,
        });
      } catch (err) {
        if (!stopMails.signal.aborted) {
          logger.error({ err }, "status mails: could not wait for the lock");
          await new Promise((r) => setTimeout(r, 1000));
        }
        continue;
      }
      if (stopMails.signal.aborted) {
        await leadership?.release();
        return;
      }
      const stop = new AbortController();
      const onEnd = () => stop.abort();
      stopMails.signal.addEventListener("abort", onEnd, { once: true });
      leadership?.lost.addEventListener("abort", onEnd, { once: true });
      try {
        await followStatusMails({ events, jobs, checkpoint: mailCheckpoint, logger, signal: stop.signal });
      } catch (err) {
        logger.error({ err }, "status mails stopped; starting again");
        await new Promise((r) => setTimeout(r, 1000));
      } finally {
        stopMails.signal.removeEventListener("abort", onEnd);
        await leadership?.release();
      }
    }
  })();

  const app = express();
  app.disable("x-powered-by");
  app.use(
    opsRoutes({
      metrics,
      ready: async () => {
        const failing = await failingChecks(redis ? { redis: () => redis.ping() } : {});
        return failing.length > 0
          ? { ready: false, body: { status: "unavailable", failing } }
          : { ready: true, body: { status: "ready" } };
      },
    }),
  );
  const { server, port, url } = await listenObserved(app, { port: config.port, logger, metrics });
  logger.info({ port, profile: config.profile }, "workers listening");

  let closing: Promise<void> | undefined;
  return {
    url,
    port,
    server,
    close() {
      closing ??= (async () => {
        stopMails.abort();
        await statusMails;
        await mailCheckpoint.close();
        await ports.close();
        await Promise.allSettled([redis?.close(), closeHttpServer(server)]);
      })();
      return closing;
    },
  };
}
