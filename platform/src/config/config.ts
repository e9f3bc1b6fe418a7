import { join, resolve } from "node:path";
import { ORDER_LIMIT_DEFAULTS, UPLOAD_RECEIVE_MS, UPLOAD_WAIT_MS } from "@shop/contracts";
import { z } from "zod";

/**
 * Configuration from environment variables (12-factor). The adapter URLs pick the adapters;
 * without EVENTSTORE_URL the shop runs in the embedded profile (ARCHITECTURE §2). NODE_ENV is
 * deliberately not read: it never changes adapters, seeding or secret generation.
 */
export type Profile = "embedded" | "production";

export interface Config {
  profile: Profile;
  port: number;
  /** Absolute. */
  dataDir: string;
  /** Absolute; `DATA_DIR/media` unless MEDIA_DIR is set. */
  mediaDir: string;
  publicUrl?: string;
  sessionSecret?: string;
  eventStoreUrl?: string;
  mongoUrl?: string;
  redisUrl?: string;
  /**
   * Prepended to every Redis key and channel (BullMQ queues, secrets and rate limits, live rooms,
   * locks, signals), so shops sharing one Redis stay apart; the standalone claims it (redisClaim.ts).
   */
  redisPrefix?: string;
  smtpUrl?: string;
  seedDemo: boolean;
  cookieSecure: boolean;
  /**
   * Which peers' X-Forwarded-For to believe (Express "trust proxy"): none (`false`) by default, so a
   * client cannot pick its own address for the rate limits; the compose gateway reaches the
   * services from a private network, so compose sets `uniquelocal`.
   */
  trustProxy: string | false;
  /**
   * Most connections one client address may hold open at once (an IPv6 client by its /64); past
   * it a connection gets 429 and is closed. 0: no cap. Never applied to the TRUST_PROXY peer.
   */
  connectionsPerAddress: number;
  logLevel: LogLevel;
  /** When set, /metrics on the standalone asks every caller for it as a bearer token; else loopback only. */
  metricsToken?: string;
  /** How long a query with X-Min-Position waits for the projector. */
  readWaitMs: number;
  /**
   * Embedded read models: delivered orders placed more than this many days ago stay in memory
   * only as a stub, read whole from DATA_DIR/read-models.db when asked for (0: every delivered order).
   */
  coldOrderDays: number;
  /** How long an upload waits for the image worker before answering 503. */
  uploadWaitMs: number;
  /** How long an upload's body may take to arrive before 408. */
  uploadReceiveMs: number;
  /** Allowed attempts per window; the windows are fixed by the rules (see each field). */
  rateLimits: {
    /** Login attempts per IP and e-mail per 15 minutes, 5× as many per e-mail from all IPs (counted before the check; a success clears them). */
    login: number;
    /** Signups per IP per hour. */
    signup: number;
    /** OTP sends per order per hour. */
    otpSend: number;
    /** Contact messages per IP per hour. */
    messages: number;
    /** Orders a customer places per hour. */
    orders: number;
    /** Undelivered orders a customer may have at once. */
    openOrders: number;
    /** Uploads a customer (any role but admin) makes per hour. */
    uploads: number;
    /** Delivery OTPs a staff member may type per hour, across all orders. */
    otpTries: number;
    /** Cart changes (add, quantity, remove) a customer makes per hour: each is an event kept for good. */
    cart: number;
    /** Profile saves a user makes per hour (each is an event kept for good). */
    profile: number;
  };
  shop: { name: string; address: string; email: string; phone: string };
}

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

// Compose files often pass `VAR=` for "unset"; treat an empty string like a missing variable.
const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v === "" ? undefined : v));
const httpUrl = optionalText.pipe(
  z
    .string()
    .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), "must be an http(s) URL")
    .optional(),
);
// Connection strings may list several hosts (`mongodb://a,b/db`), which WHATWG URLs reject, so
// only the scheme is checked here; each client parses the rest.
const connection = (scheme: RegExp, expected: string) =>
  optionalText.pipe(z.string().regex(scheme, `must start with ${expected}`).optional());
const bool = optionalText.pipe(
  z
    .enum(["true", "false", "1", "0"], { error: 'must be "true" or "false"' })
    .transform((v) => v === "true" || v === "1")
    .optional(),
);
const int = (fallback: number, min: number, max = Number.MAX_SAFE_INTEGER) =>
  optionalText
    .pipe(
      z
        .string()
        .regex(/^-?\d+$/, "must be a whole number")
        .transform(Number)
        .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`))
        .optional(),
    )
    .transform((v) => v ?? fallback);
const text = (fallback: string) => optionalText.transform((v) => v ?? fallback);

const EnvSchema = z.object({
  PORT: int(3000, 0, 65_535),
  DATA_DIR: text("./data"),
  MEDIA_DIR: optionalText,
  PUBLIC_URL: httpUrl,
  SESSION_SECRET: optionalText.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  // The installed client (@eventstore/db-client 6.2.1) parses only esdb:// and esdb+discover://;
  // kurrentdb:// needs @kurrent/kurrentdb-client, so it is refused here rather than at the first append.
  EVENTSTORE_URL: optionalText.pipe(
    z
      .string()
      .regex(
        /^esdb(\+discover)?:\/\//,
        "the installed client (@eventstore/db-client 6.2.1) accepts only esdb:// or esdb+discover:// " +
          "(kurrentdb:// needs @kurrent/kurrentdb-client), e.g. esdb://eventstore:2113?tls=false",
      )
      .optional(),
  ),
  MONGO_URL: connection(/^mongodb(\+srv)?:\/\//, "mongodb://"),
  REDIS_URL: connection(/^rediss?:\/\//, "redis://"),
  REDIS_PREFIX: optionalText.pipe(
    z
      .string()
      .max(64, "must be at most 64 characters")
      .regex(/^[A-Za-z0-9:_.-]+$/, "may hold only letters, digits and : _ . -")
      .optional(),
  ),
  SMTP_URL: connection(/^smtps?:\/\//, "smtp://"),
  SEED_DEMO: bool,
  COOKIE_SECURE: bool,
  TRUST_PROXY: text("false"),
  CONNECTIONS_PER_ADDRESS: int(256, 0, 1_000_000),
  METRICS_TOKEN: optionalText.pipe(z.string().min(16, "must be at least 16 characters").optional()),
  LOG_LEVEL: optionalText.pipe(
    z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(", ")}` }).default("info"),
  ),
  READ_WAIT_MS: int(2000, 0, 60_000),
  COLD_ORDER_DAYS: int(30, 0, 36_500),
  UPLOAD_WAIT_MS: int(UPLOAD_WAIT_MS, 1, 120_000),
  UPLOAD_RECEIVE_MS: int(UPLOAD_RECEIVE_MS, 1, 600_000),
  RATE_LIMIT_LOGIN: int(10, 1),
  RATE_LIMIT_SIGNUP: int(30, 1),
  RATE_LIMIT_OTP_SEND: int(5, 1),
  RATE_LIMIT_MESSAGES: int(20, 1),
  RATE_LIMIT_CART: int(600, 1),
  RATE_LIMIT_PROFILE: int(30, 1),
  RATE_LIMIT_ORDERS: int(ORDER_LIMIT_DEFAULTS.perHour, 1),
  ORDER_OPEN_MAX: int(ORDER_LIMIT_DEFAULTS.open, 1),
  RATE_LIMIT_UPLOADS: int(30, 1),
  RATE_LIMIT_OTP_TRIES: int(60, 1),
  SHOP_NAME: text("Vidya School Books"),
  SHOP_ADDRESS: text("14 MG Road, Shivajinagar, Bengaluru, Karnataka 560001, India"),
  SHOP_EMAIL: optionalText.pipe(z.email("must be an e-mail address").default("support@vidyabooks.example")),
  SHOP_PHONE: text("+91 80 4123 4567"),
});

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Reads and checks the configuration; throws ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const profile: Profile = e.EVENTSTORE_URL ? "production" : "embedded";
  const dataDir = resolve(e.DATA_DIR);
  return {
    profile,
    port: e.PORT,
    dataDir,
    mediaDir: e.MEDIA_DIR ? resolve(e.MEDIA_DIR) : join(dataDir, "media"),
    ...(e.PUBLIC_URL && { publicUrl: e.PUBLIC_URL.replace(/\/+$/, "") }),
    ...(e.SESSION_SECRET && { sessionSecret: e.SESSION_SECRET }),
    ...(e.EVENTSTORE_URL && { eventStoreUrl: e.EVENTSTORE_URL }),
    ...(e.MONGO_URL && { mongoUrl: e.MONGO_URL }),
    ...(e.REDIS_URL && { redisUrl: e.REDIS_URL }),
    ...(e.REDIS_PREFIX && { redisPrefix: e.REDIS_PREFIX }),
    ...(e.SMTP_URL && { smtpUrl: e.SMTP_URL }),
    seedDemo: e.SEED_DEMO ?? profile === "embedded",
    // Served over HTTPS: COOKIE_SECURE, or a PUBLIC_URL that says so (the cookie is then `__Host-session`).
    cookieSecure: (e.COOKIE_SECURE ?? false) || e.PUBLIC_URL?.startsWith("https:") === true,
    trustProxy: e.TRUST_PROXY === "false" ? false : e.TRUST_PROXY,
    connectionsPerAddress: e.CONNECTIONS_PER_ADDRESS,
    logLevel: e.LOG_LEVEL,
    ...(e.METRICS_TOKEN && { metricsToken: e.METRICS_TOKEN }),
    readWaitMs: e.READ_WAIT_MS,
    coldOrderDays: e.COLD_ORDER_DAYS,
    uploadWaitMs: e.UPLOAD_WAIT_MS,
    uploadReceiveMs: e.UPLOAD_RECEIVE_MS,
    rateLimits: {
      login: e.RATE_LIMIT_LOGIN,
      signup: e.RATE_LIMIT_SIGNUP,
      otpSend: e.RATE_LIMIT_OTP_SEND,
      messages: e.RATE_LIMIT_MESSAGES,
      orders: e.RATE_LIMIT_ORDERS,
      openOrders: e.ORDER_OPEN_MAX,
      uploads: e.RATE_LIMIT_UPLOADS,
      otpTries: e.RATE_LIMIT_OTP_TRIES,
      cart: e.RATE_LIMIT_CART,
      profile: e.RATE_LIMIT_PROFILE,
    },
    shop: { name: e.SHOP_NAME, address: e.SHOP_ADDRESS, email: e.SHOP_EMAIL, phone: e.SHOP_PHONE },
  };
}
