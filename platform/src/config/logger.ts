import { type DestinationStream, type Logger, pino } from "pino";
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

/** The JSON logger every process uses: one line per request, job or batch. */
export function createLogger(options: LoggerOptions, destination?: DestinationStream): Logger {
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
