import { comparePositions, positionsBehind } from "@shop/contracts";
import {
  acquireLeadershipFor,
  type Config,
  closeHttpServer,
  failingChecks,
  listenObserved,
  loadCheckpoint,
  loadCheckpointFence,
  openCheckpointSignal,
  openPorts,
  opsRoutes,
  type RunningService,
  type ServiceOptions,
  serviceBasics,
} from "@shop/platform";
import express from "express";
import { gaugeProjectorLag, recordBatches } from "./metrics.ts";
import { allProjections } from "./projections.ts";
import { CheckpointAheadError, createProjector, type Projector } from "./projector.ts";

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * The projector as its own process. One instance projects: it holds a Redis lock (REDIS_URL)
 * and a second instance waits for it, answering /readyz as a standby. With MONGO_URL the read
 * models persist and the checkpoint resumes where the last leader stopped; notifications go out
 * through the socket.io Redis emitter.
 */
export async function startProjectorService(
  config: Config,
  options: ServiceOptions & { leaderTtlMs?: number } = {},
): Promise<RunningService & { role(): "standby" | "leader" }> {
  const { logger, ports: portOptions, metrics } = serviceBasics("projector", config, options);
  const ports = await openPorts(config, { ...portOptions, metrics, use: ["events", "docs", "live"] });
  const { events, docs, live } = ports;
  // Tells query-api processes the checkpoint moved, so their read-your-writes waits need not poll.
  const moved = await openCheckpointSignal(config, portOptions);
  const record = recordBatches(metrics);
  const stopping = new AbortController();
  let projector: Projector | null = null;
  let caughtUp = false;
  /** Why this instance refuses to project (the checkpoint is beyond the log), until that is fixed. */
  let refusal: string | null = null;

  gaugeProjectorLag(metrics, events, () => projector?.current() ?? null);
  metrics.gauge("projector_leader", "1 while this instance projects, 0 while it waits", () =>
    projector ? 1 : 0,
  );

  const lead = async () => {
    for (let attempt = 0; !stopping.signal.aborted; ) {
      let leadership: Awaited<ReturnType<typeof acquireLeadershipFor>> = null;
      try {
        leadership = await acquireLeadershipFor(config, {
          ...portOptions,
          name: "projector",
          signal: stopping.signal,
          ...(options.leaderTtlMs && { ttlMs: options.leaderTtlMs }),
        });
      } catch (err) {
        if (stopping.signal.aborted) return;
        throw err;
      }
      // A checkpoint written under a higher fence than Redis just handed out: Redis lost its
      // counter (restarted empty). This instance holds the lock, so it moves the counter past it.
      if (leadership) {
        try {
          const stored = await loadCheckpointFence(docs);
          if (stored >= leadership.fence) {
            logger.warn(
              { stored, fence: leadership.fence },
              "leader fence behind the checkpoint's; raising it",
            );
            await leadership.raiseFence(stored + 1);
          }
        } catch (err) {
          logger.error({ err }, "could not check the leader fence; letting go");
          await leadership.release();
          await sleep(Math.min(5000, 200 * 2 ** attempt++), stopping.signal);
          continue;
        }
      }
      const current = createProjector({
        events,
        docs,
        live,
        logger,
        projections: allProjections,
        onBatch: (batch) => {
          record(batch);
          moved?.publish(batch.position);
        },
        ...(leadership && { fence: leadership.fence }),
      });
      try {
        await current.start();
        projector = current;
        refusal = null;
        attempt = 0;
        logger.info({ position: current.current(), fence: leadership?.fence }, "projecting (leader)");
        const ended = [stopping.signal, current.halted, ...(leadership ? [leadership.lost] : [])];
        await new Promise<void>((resolve) => {
          for (const s of ended) s.addEventListener("abort", () => resolve(), { once: true });
          if (ended.some((s) => s.aborted)) resolve();
        });
        if (!stopping.signal.aborted) logger.warn("leadership lost: stopping, then waiting to lead again");
      } catch (err) {
        if (err instanceof CheckpointAheadError) {
          // Not ready, and said once every half minute until an operator rebuilds the read models.
          refusal = err.message;
          logger.error({ err: err.message }, "projector refuses to run");
          await sleep(30_000, stopping.signal);
          continue;
        }
        // Index creation or the checkpoint read failed (store not up yet): let go and retry.
        logger.error({ err }, "projector could not start");
        await sleep(Math.min(5000, 200 * 2 ** attempt++), stopping.signal);
      } finally {
        projector = null;
        caughtUp = false;
        await current.stop();
        await leadership?.release();
      }
    }
  };
  const leading = lead().catch((err: unknown) => logger.fatal({ err }, "projector leadership loop failed"));

  const ready = async () => {
    const failing = await failingChecks({
      eventStore: () => events.headPosition(),
      readModels: () => loadCheckpoint(docs),
    });
    if (failing.length > 0) return { ready: false, body: { status: "unavailable", failing } };
    if (refusal) return { ready: false, body: { status: "refused", reason: refusal } };
    const active = projector;
    // A standby is healthy: it is ready to take over.
    if (!active) return { ready: true, body: { status: "standby" } };
    const head = await events.headPosition();
    if (comparePositions(active.current(), head) >= 0) caughtUp = true;
    const projectorLag = positionsBehind(head, active.current());
    return { ready: caughtUp, body: { status: caughtUp ? "ready" : "catching up", projectorLag } };
  };
  const app = express();
  app.disable("x-powered-by");
  app.use(opsRoutes({ metrics, ready }));
  const { server, port, url } = await listenObserved(app, { port: config.port, logger, metrics });
  logger.info({ port, profile: config.profile }, "projector listening");

  let closing: Promise<void> | undefined;
  return {
    url,
    port,
    server,
    role: () => (projector ? "leader" : "standby"),
    close() {
      // The subscription ends after the batch in hand is checkpointed; the lock is released so a standby takes over at once.
      closing ??= (async () => {
        stopping.abort();
        await leading;
        await closeHttpServer(server);
        await Promise.allSettled([ports.close(), moved?.close()]);
      })();
      return closing;
    },
  };
}
