import { createRequire } from "node:module";
import { type DestinationStream, type Logger, pino } from "pino";
import type PinoPretty from "pino-pretty";
import type { LogLevel } from "./config.ts";

const SECRET_FIELDS = ["password", "otp", "token", "authorization", "cookie", "passwordHash"];

// pino redacts by path, not by name anywhere; cover the field at the top and two levels down
// (e.g. `body.password`, `req.headers.cookie`) plus the headers pino-http logs.
export const REDACT_PATHS = [
  ...SECRET_FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`]),
  'res.headers["set-cookie"]',
  'req.headers["x-api-key"]',
  // A replayed answer is bound to its key: a logged key would let a log reader ask for it.
  'req.headers["idempotency-key"]',
];

export type LoggerOptions = { logLevel: LogLevel } | { level: LogLevel };

let terminal: DestinationStream | undefined;

/**
 * pino-pretty, loaded only for a terminal: a shop logging JSON (compose, CI, the bench) never loads
 * its ~30 modules (~50 ms of a boot: bench/RESULTS.md, thirteenth session).
 */
const loadPretty = (): typeof PinoPretty =>
  createRequire(import.meta.url)("pino-pretty") as typeof PinoPretty;

/** pino-pretty's readable lines (time, level, message, then the fields), written to `to` (stdout). */
export const prettyStream = (to?: NodeJS.WritableStream): DestinationStream =>
  loadPretty()({
    colorize: to === undefined,
    translateTime: "SYS:HH:MM:ss",
    ignore: "pid,hostname",
    singleLine: true,
    sync: true,
    ...(to && { destination: to }),
  });

/**
 * Where logs go by default: at a terminal (stdout a TTY, as with `npm start`) pino-pretty's
 * readable, coloured lines; anywhere else (compose, CI, a pipe to a collector) undefined, which is
 * pino's JSON on stdout. One stream per process; JSON lines written to it are shown the same way.
 */
export const terminalDestination = (
  isTerminal: boolean = process.stdout.isTTY === true,
): DestinationStream | undefined => {
  if (!isTerminal) return undefined;
  terminal ??= prettyStream();
  return terminal;
};

/** The logger every process uses: one line per request, job or batch (JSON, or pretty at a terminal). */
export function createLogger(
  options: LoggerOptions,
  destination: DestinationStream | undefined = terminalDestination(),
): Logger {
  const level = "logLevel" in options ? options.logLevel : options.level;
  return pino(
    {
      level,
      redact: { paths: REDACT_PATHS, censor: "[redacted]" },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination,
  );
}
