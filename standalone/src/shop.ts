import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createCommandApi } from "@shop/command-api";
import { Queues } from "@shop/contracts";
import {
  type Config,
  createDirMediaStore,
  createInProcessJobQueue,
  createInProcessLive,
  createLogger,
  createMemoryDocumentStore,
  createOutboxMailer,
  createSessionTokens,
  createSqliteCredentialStore,
  createSqliteEventStore,
  createSqliteSecretStore,
  type EventStore,
  resolveSessionSecret,
} from "@shop/platform";
import { createOtpCipher } from "@shop/platform/crypto";
import { allProjections, createProjector } from "@shop/projector";
import { createLiveServer, createQueryApi } from "@shop/query-api";
import { createImageHandler, createMailHandler } from "@shop/workers";
import { pinoHttp } from "pino-http";
import { createGateway } from "./gateway.ts";
import { createReadiness } from "./readiness.ts";
import { seedDemo } from "./seed/seedDemo.ts";
import { ensureSpaBuilt } from "./spa.ts";

export const FRONTEND_DIR = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "frontend");

export interface ShopOptions {
  config: Config;
  /** Build the SPA when missing or stale (npm start); tests of the API skip it. */
  buildSpa?: boolean;
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

/** The whole shop in one process on the embedded adapters (ARCHITECTURE §3). */
export const startShop = async ({ config, buildSpa = true }: ShopOptions): Promise<RunningShop> => {
  const logger = createLogger(config);
  const dataDir = config.dataDir;
  const outboxDir = join(dataDir, "outbox");
  const events = createSqliteEventStore({ file: join(dataDir, "events.db") });
  const secrets = createSqliteSecretStore({ file: join(dataDir, "secrets.db") });
  const credentials = createSqliteCredentialStore({ file: join(dataDir, "secrets.db") });
  const docs = createMemoryDocumentStore();
  const jobs = createInProcessJobQueue({ logger });
  const live = createInProcessLive();
  const media = createDirMediaStore({ root: config.mediaDir });
  const mailer = createOutboxMailer({ dir: outboxDir });
  const sessionSecret = await resolveSessionSecret(config);
  const tokens = createSessionTokens({ secret: sessionSecret });
  const otp = createOtpCipher(sessionSecret);

  const projector = createProjector({ events, docs, live, logger, projections: allProjections });
  const commandApp = createCommandApi({
    events,
    secrets,
    credentials,
    jobs,
    live,
    media,
    tokens,
    otp,
    logger,
    cookieSecure: config.cookieSecure,
    rateLimits: config.rateLimits,
  });
  const queryApp = createQueryApi({
    docs,
    events,
    progress: projector,
    tokens,
    secrets,
    logger,
    readWaitMs: config.readWaitMs,
    ...(config.publicUrl && { publicUrl: config.publicUrl }),
  });
  jobs.process(
    Queues.mail,
    createMailHandler({
      mailer,
      otp,
      logger,
      shop: { ...config.shop, publicUrl: config.publicUrl ?? `http://localhost:${config.port}` },
    }),
    {
      concurrency: 2,
    },
  );
  // One image at a time per core: decoding is CPU- and memory-heavy (up to MAX_IMAGE_PIXELS each).
  jobs.process(Queues.images, createImageHandler({ media, logger }), { concurrency: 2 });

  const readiness = createReadiness({ events, projector });
  const gateway = createGateway({
    command: commandApp,
    query: queryApp,
    health: (_req, res) => {
      res.json({ status: "ok" });
    },
    ready: readiness.handler,
    mediaDir: config.mediaDir,
    spaDir: join(FRONTEND_DIR, "dist"),
  });
  const httpLogger = pinoHttp({
    logger,
    autoLogging: { ignore: (req) => req.url === "/healthz" || req.url === "/readyz" },
  });
  const server = createServer((req, res) => httpLogger(req, res, () => gateway(req, res)));
  const io = createLiveServer(server, {
    docs,
    events,
    progress: projector,
    tokens,
    secrets,
    logger,
    readWaitMs: config.readWaitMs,
    ...(config.publicUrl && { publicUrl: config.publicUrl }),
  });
  live.attach(io);

  await projector.start();
  const spa = buildSpa ? ensureSpaBuilt(FRONTEND_DIR, logger) : Promise.resolve();
  await new Promise<void>((resolve) => server.listen(config.port, "0.0.0.0", resolve));
  const port = (server.address() as AddressInfo).port;
  if (config.seedDemo) await seedDemo({ events, credentials, media, logger });
  await spa;
  readiness.markSeeded();
  logger.info({ port, dataDir }, "shop listening");

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      // Stop taking work, let in-flight requests and jobs finish, then close the stores.
      io.close();
      server.closeIdleConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await jobs.close();
      await projector.stop();
      await mailer.close();
      await Promise.all([events.close(), secrets.close(), credentials.close(), docs.close()]);
    })();
    return closing;
  };
  return { url: `http://127.0.0.1:${port}`, port, server, outboxDir, events, close };
};
