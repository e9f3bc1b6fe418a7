import type { Logger } from "pino";
import { StoreUnavailableError } from "../ports/eventStore.ts";

const OUTAGE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENOTFOUND",
]);
/** gRPC codes the EventStoreDB client uses for "unavailable, outcome unknown" (ADAPTER-NOTES A2). */
const GRPC_OUTAGE_CODES = new Set([1, 4, 14]);
const OUTAGE_NAMES = new Set([
  "StoreUnavailableError",
  "MaxRetriesPerRequestError",
  "MongoNetworkError",
  "MongoServerSelectionError",
  "MongoNotConnectedError",
  "UnavailableError",
  "DeadlineExceededError",
  "CancelledError",
]);
const OUTAGE_MESSAGES = [
  "Connection is closed",
  "Stream isn't writeable",
  "Command timed out",
  "Reached the max retries per request limit",
];

/**
 * An error a dependency's outage causes (Redis, the event store, MongoDB): the process survives it,
 * and the store's client reconnects by itself. Anything else is a bug.
 */
export const isOutage = (reason: unknown): boolean => {
  if (reason instanceof StoreUnavailableError) return true;
  if (!(reason instanceof Error)) return false;
  const e = reason as Error & { code?: unknown };
  if (OUTAGE_NAMES.has(e.name) || OUTAGE_NAMES.has(e.constructor?.name ?? "")) return true;
  if (typeof e.code === "string" && OUTAGE_CODES.has(e.code)) return true;
  if (typeof e.code === "number" && GRPC_OUTAGE_CODES.has(e.code)) return true;
  if (OUTAGE_MESSAGES.some((m) => e.message.includes(m))) return true;
  return e.cause !== undefined && e.cause !== reason && isOutage(e.cause);
};

const toStderr = (reason: unknown) =>
  process.stderr.write(`${reason instanceof Error ? `${reason.name}: ${reason.message}` : String(reason)}\n`);

export interface ProcessGuardOptions {
  logger: Logger;
  /** Counts the outage rejections survived (a metric). */
  onSurvived?: (reason: unknown) => void;
  /** Ends the process; `process.exit` unless a test watches it. */
  exit?: (code: number) => void;
}

/**
 * The last line of defence of a service main. A rejection nobody handled is logged; one caused by
 * an outage is survived (counted, logged at error: the code path that let it escape is the thing to
 * fix), any other ends the process with exit code 1 after logging it (a bug: the state of the
 * process is unknown). An uncaught exception always ends it. Never silent.
 */
export function guardProcess(options: ProcessGuardOptions): () => void {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const onRejection = (reason: unknown) => {
    if (isOutage(reason)) {
      options.onSurvived?.(reason);
      options.logger.error({ err: reason }, "unhandled rejection from an outage; the process carries on");
      return;
    }
    options.logger.fatal({ err: reason }, "unhandled rejection (a bug); exiting");
    toStderr(reason);
    exit(1);
  };
  const onException = (err: Error) => {
    // A failed start (a top-level await in the main) arrives here too: say why on stderr as well.
    options.logger.fatal({ err }, "uncaught exception; exiting");
    toStderr(err);
    exit(1);
  };
  process.on("unhandledRejection", onRejection);
  process.on("uncaughtException", onException);
  return () => {
    process.off("unhandledRejection", onRejection);
    process.off("uncaughtException", onException);
  };
}
