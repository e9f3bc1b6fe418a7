import type { Server } from "node:http";
import type { Logger } from "pino";

/**
 * Stops an HTTP server: no new connections, idle keep-alive ones closed at once, in-flight
 * requests given `graceMs` to finish before their connections are cut. `stop` replaces
 * `server.close` when something else owns closing it (socket.io's `io.close()` closes its sockets
 * and then the server).
 */
export async function closeHttpServer(
  server: Server,
  graceMs = 5000,
  stop?: () => Promise<unknown>,
): Promise<void> {
  if (!server.listening) return;
  const closed = stop ? stop() : new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const cut = setTimeout(() => server.closeAllConnections(), graceMs);
  cut.unref();
  await closed;
  clearTimeout(cut);
}

/**
 * SIGTERM and SIGINT run `close` once; the process exits 0 when it is done, or 1 when it fails
 * or takes longer than `timeoutMs` (compose's stop grace period is 10 s: finish within it).
 */
export function closeOnSignals(
  close: () => Promise<void>,
  options: { logger: Logger; timeoutMs?: number },
): void {
  const { logger } = options;
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    const force = setTimeout(() => {
      logger.error("shutdown took too long; exiting");
      process.exit(1);
    }, options.timeoutMs ?? 9000);
    force.unref();
    try {
      await close();
      logger.info("stopped");
      process.exit(0);
    } catch (err) {
      logger.error({ err }, "shutdown failed");
      process.exit(1);
    }
  };
  process.on("SIGTERM", (s) => void stop(s));
  process.on("SIGINT", (s) => void stop(s));
}

/**
 * Whether `work` settles within `ms`: a close that waits on a store that does not answer (a
 * frozen Redis holds a QUIT for a minute) is given up on, so a stop ends within its grace period.
 */
export async function settlesWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
    timer.unref();
  });
  try {
    return await Promise.race([
      work.then(
        () => true,
        () => true,
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
