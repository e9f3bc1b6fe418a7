import { join } from "node:path";
import type { Logger } from "pino";
import type { Server } from "socket.io";
import { createMemoryDocumentStore } from "../documents/memoryDocumentStore.ts";
import { createSqliteEventStore } from "../eventStore/sqliteEventStore.ts";
import { createInProcessJobQueue } from "../jobs/inProcessJobQueue.ts";
import { createInProcessLive, type InProcessLive } from "../live/inProcessLive.ts";
import { createDirMediaStore } from "../media/dirMediaStore.ts";
import type { Metrics } from "../ops/metrics.ts";
import type { DocumentStore } from "../ports/documents.ts";
import type { EventStore } from "../ports/eventStore.ts";
import type { JobQueue } from "../ports/jobs.ts";
import type { LivePublisher } from "../ports/live.ts";
import type { Mailer } from "../ports/mail.ts";
import type { MediaStore } from "../ports/media.ts";
import type { CredentialStore, SecretStore } from "../ports/secrets.ts";
import { createSqliteCredentialStore } from "../secrets/sqliteCredentialStore.ts";
import { createSqliteSecretStore } from "../secrets/sqliteSecretStore.ts";
import type { Config } from "./config.ts";

/**
 * Each port's adapter, picked by its URL variable (ARCHITECTURE §2): EVENTSTORE_URL → EventStoreDB
 * else SQLite in DATA_DIR; MONGO_URL → MongoDB else memory (read models) and SQLite
 * (credentials); REDIS_URL → BullMQ, Redis secrets, the socket.io Redis emitter and adapter, else
 * in-process and SQLite; SMTP_URL → SMTP else the outbox folder. The production adapters pull in
 * gRPC, the MongoDB driver and BullMQ, so they are imported only when their URL is set: the
 * embedded profile never loads them and starts faster.
 */
export interface PortOptions {
  logger: Logger;
  /**
   * Prepended to every Redis key and channel, so shops (REDIS_PREFIX) and test runs sharing one
   * Redis stay apart. Every process passes it (serviceBasics, the standalone).
   */
  redisPrefix?: string;
  /** Counts what the adapters report (live publishes Redis refused). */
  metrics?: Metrics;
}

/** A Redis key or channel name: the options' prefix (a test's), else REDIS_PREFIX, then `name`. */
export const prefixed = (config: Pick<Config, "redisPrefix">, options: PortOptions, name: string) =>
  `${options.redisPrefix ?? config.redisPrefix ?? ""}${name}`;

export async function openEventStore(config: Config, options: PortOptions): Promise<EventStore> {
  if (!config.eventStoreUrl) return createSqliteEventStore({ file: join(config.dataDir, "events.db") });
  const { createEsdbEventStore } = await import("../eventStore/esdbEventStore.ts");
  return createEsdbEventStore({
    url: config.eventStoreUrl,
    onSubscriptionDrop: (err, attempt, retryInMs) =>
      options.logger.warn({ err, attempt, retryInMs }, "event store subscription dropped; resubscribing"),
  });
}

export interface OpenedDocuments {
  docs: DocumentStore;
  /** False for the in-memory store: read models are rebuilt from the log at every start. */
  persistent: boolean;
}

export async function openDocumentStore(config: Config): Promise<OpenedDocuments> {
  if (!config.mongoUrl) return { docs: createMemoryDocumentStore(), persistent: false };
  const { createMongoDocumentStore } = await import("../documents/mongoDocumentStore.ts");
  // Not connected here: operations connect by themselves, and /readyz reports a server that does not answer.
  return { docs: createMongoDocumentStore({ url: config.mongoUrl }), persistent: true };
}

export async function openSecretStore(config: Config, options: PortOptions): Promise<SecretStore> {
  if (!config.redisUrl) return createSqliteSecretStore({ file: join(config.dataDir, "secrets.db") });
  const { createRedisSecretStore } = await import("../secrets/redisSecretStore.ts");
  const store = createRedisSecretStore({
    url: config.redisUrl,
    prefix: prefixed(config, options, "secrets:"),
    onError: (err) => options.logger.warn({ err: err.message }, "secret store Redis connection error"),
  });
  // It refuses commands until connected: give the first connection a moment (readiness reports the rest).
  if (!(await store.whenReady(3000))) options.logger.warn("secret store: Redis not reachable yet");
  return store;
}

/** Password hashes live beside the read models' server (MongoDB), or in DATA_DIR's SQLite. */
export async function openCredentialStore(config: Config): Promise<CredentialStore> {
  if (!config.mongoUrl) return createSqliteCredentialStore({ file: join(config.dataDir, "secrets.db") });
  const { createMongoCredentialStore } = await import("../secrets/mongoCredentialStore.ts");
  return createMongoCredentialStore({ url: config.mongoUrl });
}

export async function openJobQueue(config: Config, options: PortOptions): Promise<JobQueue> {
  if (!config.redisUrl) return createInProcessJobQueue({ logger: options.logger });
  const { createBullmqJobQueue } = await import("../jobs/bullmqJobQueue.ts");
  return createBullmqJobQueue({
    connection: config.redisUrl,
    prefix: prefixed(config, options, "bull"),
    logger: options.logger,
  });
}

export interface OpenedLive extends LivePublisher {
  /**
   * Connects this process's socket.io server: the Redis adapter (so every instance's sockets hear
   * every publisher), or the in-process publisher itself.
   */
  attach(io: Server): Promise<void>;
  close(): Promise<void>;
}

/** The live fan-out: the socket.io Redis emitter and adapter, or calls into this process's socket.io. */
export async function openLive(config: Config, options: PortOptions): Promise<OpenedLive> {
  const key = prefixed(config, options, "socket.io");
  if (!config.redisUrl) {
    const local: InProcessLive = createInProcessLive();
    return {
      emit: (rooms, event, payload) => local.emit(rooms, event, payload),
      socketsJoin: (inRooms, rooms) => local.socketsJoin(inRooms, rooms),
      socketsLeave: (inRooms, rooms) => local.socketsLeave(inRooms, rooms),
      disconnectSockets: (inRooms) => local.disconnectSockets(inRooms),
      attach: async (io) => local.attach(io),
      close: async () => local.detach(),
    };
  }
  const url = config.redisUrl;
  const [{ createRedisLivePublisher }, { attachRedisAdapter }] = await Promise.all([
    import("../live/redisLive.ts"),
    import("../live/redisAdapter.ts"),
  ]);
  let dropLogged = false;
  const publisher = createRedisLivePublisher({
    url,
    prefix: key,
    onError: (err) => options.logger.warn({ err: err.message }, "live publisher Redis connection error"),
    // One line a streak (from the buffer's first kept notification until it is empty again), not
    // one a notification: an outage of the socket servers would otherwise log every order change.
    // The metric counts each one.
    onPublishFailure: (err, dropped, pending) => {
      options.metrics?.livePublishFailures.inc({ outcome: dropped ? "dropped" : "kept" });
      if (pending === 1) {
        dropLogged = false;
        options.logger.warn(
          { err: err.message },
          "live notifications not published or heard by no socket server: kept for a retry (each counted in live_publish_failures_total)",
        );
      }
      if (dropped && !dropLogged) {
        dropLogged = true;
        options.logger.error({ err: err.message }, "live notifications dropped: retry buffer full");
      }
    },
  });
  if (!(await publisher.whenReady(3000))) options.logger.warn("live publisher: Redis not reachable yet");
  const adapters: { close(): Promise<void> }[] = [];
  return {
    emit: (rooms, event, payload) => publisher.emit(rooms, event, payload),
    socketsJoin: (inRooms, rooms) => publisher.socketsJoin(inRooms, rooms),
    socketsLeave: (inRooms, rooms) => publisher.socketsLeave(inRooms, rooms),
    disconnectSockets: (inRooms) => publisher.disconnectSockets(inRooms),
    async attach(io) {
      adapters.push(
        await attachRedisAdapter(io, {
          url,
          prefix: key,
          onError: (err) => options.logger.error({ err }, "socket.io Redis adapter error"),
          onPublishFailure: (err) => {
            options.metrics?.livePublishFailures.inc({ outcome: "dropped" });
            options.logger.warn({ err: err.message }, "socket.io adapter publish failed");
          },
        }),
      );
    },
    async close() {
      await Promise.allSettled([publisher.close(), ...adapters.map((a) => a.close())]);
    },
  };
}

/** `ownThread`: the mailer runs on a thread of its own (see OutboxMailerOptions). */
export async function openMailer(config: Config, options: { ownThread?: boolean } = {}): Promise<Mailer> {
  // Either mailer (nodemailer with it) is loaded only here: the embedded shop opens its mailer on
  // the mail thread, so its main thread never loads them (bench/RESULTS.md, thirteenth session).
  if (!config.smtpUrl) {
    const { createOutboxMailer } = await import("../mail/outboxMailer.ts");
    return createOutboxMailer({ dir: join(config.dataDir, "outbox"), ownThread: options.ownThread ?? false });
  }
  const { createSmtpMailer } = await import("../mail/smtpMailer.ts");
  return createSmtpMailer({ url: config.smtpUrl, from: `${config.shop.name} <${config.shop.email}>` });
}

export const openMediaStore = (config: Config): MediaStore => createDirMediaStore({ root: config.mediaDir });
