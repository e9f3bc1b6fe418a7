import { mkdirSync } from "node:fs";
import type { Server } from "node:http";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createCommandApi, queuePage } from "@shop/command-api";
import { Queues } from "@shop/contracts";
import {
  type Config,
  claimRedis,
  closeHttpServer,
  connectionLimitsOf,
  createLogger,
  createMetrics,
  createSessionTokens,
  type EventStore,
  isMemoryDocumentStore,
  listenObserved,
  lockDataDir,
  metricsHandler,
  openNamedCheckpoint,
  openPorts,
  type RedisClaim,
  resolveSessionSecret,
  settlesWithin,
  stopPretenuring,
  terminalDestination,
} from "@shop/platform";
import { createDeviceTokens, createOtpCipher } from "@shop/platform/crypto";
import { allProjections, createProjector, gaugeProjectorLag, recordBatches } from "@shop/projector";
import {
  apiReferencePage,
  createLiveServer,
  createQueryApi,
  mediaAccessRoute,
  privateMediaGuard,
  type QueryApiDeps,
} from "@shop/query-api";
import { createImageHandler, followStatusMails, shopInfoOf, startMailThreads } from "@shop/workers";
import express from "express";
import type { DestinationStream, Logger } from "pino";
import { type FirstScreenHandler, serveFirstScreen, tellingFirstScreen } from "./firstScreen.ts";
import { createGateway } from "./gateway.ts";
import { metricsAccess } from "./metricsAccess.ts";
import { createReadiness } from "./readiness.ts";
import { bootReadModels, type ReadModelSnapshot, SNAPSHOT_FILE } from "./readModelSnapshot.ts";
import { seedDemo } from "./seed/seedDemo.ts";
import { ensureSpaBuilt, firstScreenRenderer } from "./spa.ts";

/** Mail jobs in flight at once, and so at most in one task to the mail thread. */
const MAIL_BATCH = 16;

export const FRONTEND_DIR = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "frontend");

export interface ShopOptions {
  config: Config;
  /** Build the SPA when missing or stale (npm start); tests of the API skip it. */
  buildSpa?: boolean;
  /** Node's process metrics on /metrics: once per process (npm start), not per test shop. */
  processMetrics?: boolean;
  /** Where log lines go (stdout when absent); tests read them to check no secret is logged. */
  logDestination?: DestinationStream;
}

export interface RunningShop {
  url: string;
  port: number;
  server: Server;
  outboxDir: string;
  /** The event log itself, for tests and tools that check what was appended. */
  events: EventStore;
  close(): Promise<void>;
}

/**
 * The whole shop in one process on the embedded adapters (ARCHITECTURE §3), holding its DATA_DIR
 * while it runs: a second shop on the same folder is refused (platform's lockDataDir). With
 * REDIS_URL it claims its Redis prefix for this DATA_DIR (platform's claimRedis) before anything
 * opens Redis: a shop whose Redis and REDIS_PREFIX another shop holds is refused at start.
 */
export const startShop = async (options: ShopOptions): Promise<RunningShop> => {
  mkdirSync(options.config.dataDir, { recursive: true, mode: 0o700 });
  const lock = lockDataDir(options.config.dataDir);
  // Pretty at a terminal (npm start), JSON otherwise; the mail thread's lines go the same way.
  const destination = options.logDestination ?? terminalDestination();
  const logger = createLogger(options.config, destination);
  let claim: RedisClaim | undefined;
  let shop: RunningShop;
  try {
    claim = await claimRedis(options.config, { logger });
    shop = await startShopHoldingDataDir(options, logger, destination);
  } catch (error) {
    await claim?.close();
    lock.release();
    throw error;
  }
  let closing: Promise<void> | undefined;
  return {
    ...shop,
    close: () => {
      closing ??= shop
        .close()
        .finally(() => claim?.close())
        .finally(() => lock.release());
      return closing;
    },
  };
};

const startShopHoldingDataDir = async (
  { config, buildSpa = true, processMetrics = false }: ShopOptions,
  logger: Logger,
  destination: DestinationStream | undefined,
): Promise<RunningShop> => {
  const dataDir = config.dataDir;
  const outboxDir = join(dataDir, "outbox");
  // The data folder holds the event log, secrets and outbox: the owner's alone when made here.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const metrics = createMetrics({ service: "standalone", processMetrics });
  // The adapters follow the URL variables like every main's; with none set, all are embedded.
  // Every Redis key and channel of the shop (queues, secrets and rate limits, live rooms) under REDIS_PREFIX.
  const ports = await openPorts(config, {
    logger,
    metrics,
    ...(config.redisPrefix && { redisPrefix: config.redisPrefix }),
    use: ["events", "secrets", "credentials", "docs", "jobs", "live", "media"],
  });
  const { events, secrets, credentials, docs, jobs, live, media } = ports;
  const sessionSecret = await resolveSessionSecret(config);
  const tokens = createSessionTokens({ secret: sessionSecret });
  const otp = createOtpCipher(sessionSecret);

  /** The embedded read models' snapshot (DATA_DIR/read-models.db); none with MongoDB. */
  let readModels: ReadModelSnapshot | undefined;
  const recordBatch = recordBatches(metrics);
  let firstScreen: FirstScreenHandler | undefined;
  const projector = createProjector({
    events,
    docs,
    live: tellingFirstScreen(live, () => firstScreen),
    logger,
    projections: allProjections,
    onBatch: (batch) => {
      recordBatch(batch);
      readModels?.afterBatch();
    },
  });
  gaugeProjectorLag(metrics, events, () => projector.current());
  const commandApp = createCommandApi({
    events,
    docs,
    secrets,
    credentials,
    jobs,
    live,
    media,
    tokens,
    otp,
    devices: createDeviceTokens(sessionSecret),
    logger,
    cookieSecure: config.cookieSecure,
    trustProxy: config.trustProxy,
    rateLimits: config.rateLimits,
    ...(config.publicUrl && { publicUrl: config.publicUrl }),
    uploadWaitMs: config.uploadWaitMs,
    uploadReceiveMs: config.uploadReceiveMs,
  });
  // The HTTP queries and the socket.io server read through the same dependencies.
  const readSide: QueryApiDeps = {
    docs,
    events,
    progress: projector,
    tokens,
    secrets,
    logger,
    readWaitMs: config.readWaitMs,
    trustProxy: config.trustProxy,
    connectionsPerAddress: config.connectionsPerAddress,
    ...(config.publicUrl && { publicUrl: config.publicUrl }),
  };
  const queryApp = createQueryApi(readSide);
  // Mails are built and written on threads of their own, off the event loop that answers
  // requests: status mails batched at nice 10, delivery OTPs at once at the API's priority.
  const mailThread = startMailThreads({
    config,
    sessionSecret,
    shop: shopInfoOf(config),
    writeLog: (line) => (destination ?? process.stdout).write(line),
    // Status mails come one per change: the thread gets those of up to 50 ms as one task (a
    // wake-up of the thread per mail cost the API's loop ~0.1 ms; RESULTS.md, sixth session).
    concurrency: MAIL_BATCH,
    gatherMs: 50,
  });
  jobs.process(Queues.mail, mailThread.handle, { concurrency: MAIL_BATCH });
  // One image at a time per core: decoding is CPU- and memory-heavy (up to MAX_IMAGE_PIXELS each).
  jobs.process(Queues.images, createImageHandler({ media, logger }), { concurrency: 2 });

  const readiness = createReadiness({ events, projector, secrets });
  const queues = await queuePage(config, {
    tokens,
    secrets,
    events,
    ...(config.redisPrefix && { redisPrefix: config.redisPrefix }),
  });
  const ops = express.Router();
  ops.use("/api", apiReferencePage());
  ops.use("/queues", queues.handler);
  let origin: string | undefined;
  const spaDir = join(FRONTEND_DIR, "dist");
  firstScreen = serveFirstScreen({
    spaDir,
    rendererFile: firstScreenRenderer(FRONTEND_DIR),
    origin: () => origin,
    logger,
  });
  const gateway = createGateway({
    command: commandApp,
    query: queryApp,
    health: (_req, res) => {
      res.json({ status: "ok" });
    },
    ready: readiness.handler,
    metrics: express.Router().use(metricsAccess(config.metricsToken), metricsHandler(metrics)),
    ops,
    mediaDir: config.mediaDir,
    mediaGuard: privateMediaGuard({ tokens, secrets, events }),
    mediaAccess: mediaAccessRoute({ tokens, secrets, events }),
    trustProxy: config.trustProxy,
    spaDir,
    firstScreen,
  });
  const { server, port } = await listenObserved(gateway, {
    port: config.port,
    logger,
    metrics,
    ...connectionLimitsOf(config),
  });
  origin = `http://127.0.0.1:${port}`;
  const io = createLiveServer(server, readSide);
  metrics.gauge("socket_connections", "Connected socket.io clients", () => io.of("/").sockets.size);
  await live.attach(io);

  // In memory, the read models come from their snapshot and the log's tail, or a full rebuild.
  if (isMemoryDocumentStore(docs))
    readModels = await bootReadModels({
      docs,
      events,
      projections: allProjections,
      logger,
      file: join(dataDir, SNAPSHOT_FILE),
      coldOrderDays: config.coldOrderDays,
    });
  // The bulk load is done: from here on V8 allocates everything young (see stopPretenuring).
  stopPretenuring();
  await projector.start();
  const spa = buildSpa ? ensureSpaBuilt(FRONTEND_DIR, logger) : Promise.resolve();
  if (config.seedDemo) await seedDemo({ events, credentials, media, logger });
  // Status mails follow the log from their own checkpoint (DATA_DIR/secrets.db, or MongoDB), so a
  // restart neither re-sends old mails nor skips one queued while the job queue was away; started
  // after the demo data, since a first start begins at the log's end.
  const mailCheckpoint = await openNamedCheckpoint(config, "status-mails");
  const stopMails = new AbortController();
  const statusMails = followStatusMails({
    events,
    jobs,
    checkpoint: mailCheckpoint,
    logger,
    signal: stopMails.signal,
    // The in-process queue forgets its jobs at a stop; BullMQ keeps them in Redis.
    forgetsJobs: !config.redisUrl,
  }).catch((err: unknown) => logger.error({ err }, "status mails stopped"));
  await spa;
  readiness.markSeeded();
  logger.info({ port, dataDir }, "shop listening");

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      // Stop taking work, let in-flight requests and jobs finish, then close the stores.
      await closeHttpServer(server, 3000, () => io.close());
      stopMails.abort();
      await statusMails;
      await mailCheckpoint.close();
      await projector.stop();
      await readModels?.close();
      // The ports close the job queue first: running jobs finish on the mail thread, which closes
      // after. The queue page's own clients close beside them.
      await Promise.all([ports.close(), queues.close()]);
      // A send the relay never answers (it took the message and went silent) holds the thread's
      // close until the mailer's timeout: left behind after a second, as a store that does not
      // answer is, so the stop ends within its grace period (exit 0, not the forced exit's 1). Its
      // mail is where a forced exit left it: BullMQ takes the job up again, and the embedded
      // queue's status mails are queued again from their checkpoint.
      if (!(await settlesWithin(mailThread.close(), 1000)))
        logger.warn("mail thread did not close in time (a send still waiting on the relay); left behind");
    })();
    return closing;
  };
  return { url: `http://127.0.0.1:${port}`, port, server, outboxDir, events, close };
};
