import { comparePositions, positionsBehind } from "@shop/contracts";
import {
  type Config,
  checkpointProgress,
  closeHttpServer,
  connectionLimitsOf,
  createSessionTokens,
  failingChecks,
  listenObserved,
  openCheckpointSignal,
  openPorts,
  opsRoutes,
  type RunningService,
  resolveSessionSecret,
  type ServiceOptions,
  serviceBasics,
} from "@shop/platform";
import express from "express";
import { createQueryApi } from "./app.ts";
import type { QueryApiDeps } from "./deps.ts";
import { createLiveServer } from "./live/liveServer.ts";
import { mediaAccessRoute } from "./media/privateMedia.ts";
import { apiReferencePage } from "./openapi/routes.ts";

/**
 * query-api as its own process: read models from MONGO_URL, the projector's progress from its
 * checkpoint document (the projector runs elsewhere), socket.io with the Redis adapter so the
 * projector's emitter reaches the sockets of every instance, the API reference at /ops/api.
 */
export async function startQueryApiService(
  config: Config,
  options: ServiceOptions = {},
): Promise<RunningService> {
  const { logger, ports: portOptions, metrics } = serviceBasics("query-api", config, options);
  const sessionSecret = await resolveSessionSecret(config);
  if (!config.mongoUrl) logger.warn("no MONGO_URL: read models are in this process's memory and stay empty");
  const ports = await openPorts(config, {
    ...portOptions,
    metrics,
    use: ["events", "docs", "secrets", "live"],
  });
  const { events, docs, secrets, live } = ports;
  // Read-your-writes waits wake on the projector's notice (Redis), else re-read the checkpoint every 100 ms while someone waits.
  const moved = await openCheckpointSignal(config, portOptions);
  const progress = checkpointProgress(docs, moved ? { onMoved: (l) => moved.subscribe(l) } : {});
  const deps: QueryApiDeps = {
    docs,
    events,
    progress,
    tokens: createSessionTokens({ secret: sessionSecret }),
    secrets,
    logger,
    readWaitMs: config.readWaitMs,
    trustProxy: config.trustProxy,
    connectionsPerAddress: config.connectionsPerAddress,
    ...(config.publicUrl && { publicUrl: config.publicUrl }),
  };

  // Ready once the stores answer and the read models have once reached the log's head as it
  // stood at the first probe (API.md /readyz); afterwards the lag is reported, not judged.
  let target: string | undefined;
  let caughtUp = false;
  const ready = async () => {
    const failing = await failingChecks({
      eventStore: () => events.headPosition(),
      readModels: () => progress.position(),
      secrets: () => secrets.get("readyz"),
    });
    if (failing.length > 0) return { ready: false, body: { status: "unavailable", failing } };
    // The checkpoint first: read after it, the head is at least as far in normal operation.
    const at = await progress.position();
    const head = await events.headPosition();
    // Read models ahead of the log: the event store was reset under them; answers would be wrong.
    if (comparePositions(at, head) > 0)
      return {
        ready: false,
        body: {
          status: "refused",
          reason: "read models are ahead of the event log: run `npm run rebuild-read-models`",
        },
      };
    target ??= head;
    if (comparePositions(at, target) >= 0) caughtUp = true;
    const projectorLag = positionsBehind(head, at);
    return caughtUp
      ? { ready: true, body: { status: "ready", projectorLag } }
      : { ready: false, body: { status: "starting", projectorLag } };
  };

  const app = express();
  app.disable("x-powered-by");
  app.use(opsRoutes({ metrics, ready }));
  app.use("/ops/api", apiReferencePage());
  // nginx asks here before it serves a book-list photo (auth_request); nginx never routes it from outside.
  app.get("/internal/media-access", mediaAccessRoute(deps));
  app.use(createQueryApi(deps));
  // socket.io and its Redis adapter are in place before the first connection: a socket that
  // connected earlier would have joined its rooms on the in-memory adapter, which attach replaces,
  // and never heard another instance's (or the projector's) broadcasts.
  let io: ReturnType<typeof createLiveServer> | undefined;
  const { server, port, url } = await listenObserved(app, {
    port: config.port,
    logger,
    metrics,
    ...connectionLimitsOf(config),
    beforeListen: async (http) => {
      io = createLiveServer(http, deps);
      await live.attach(io);
    },
  });
  if (!io) throw new Error("socket.io was not attached");
  const sockets = io;
  metrics.gauge("socket_connections", "Connected socket.io clients", () => sockets.of("/").sockets.size);
  logger.info({ port, profile: config.profile }, "query-api listening");

  let closing: Promise<void> | undefined;
  return {
    url,
    port,
    server,
    close() {
      closing ??= (async () => {
        // Sockets first (clients reconnect to another instance), then in-flight requests, then clients.
        await closeHttpServer(server, 5000, () => sockets.close());
        progress.close();
        await Promise.allSettled([ports.close(), moved?.close()]);
      })();
      return closing;
    },
  };
}
