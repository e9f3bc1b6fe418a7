import type {
  CredentialStore,
  DocumentStore,
  EventStore,
  JobQueue,
  LivePublisher,
  MediaStore,
  PasswordHasher,
  SecretStore,
} from "@shop/platform";
import type { DeviceTokens, OtpCipher } from "@shop/platform/crypto";
import type { TokenVerifier } from "@shop/platform/http";
import type { Logger } from "pino";

export interface TokenIssuer extends TokenVerifier {
  issue(userId: string): Promise<{ token: string; tokenId: string; expiresAt: number }>;
}

export interface RateLimits {
  /** Login attempts per IP and e-mail per 15 minutes (counted before the check; a success clears them). */
  login: number;
  /** Signups per IP per hour. */
  signup: number;
  /** OTP sends per order per hour. */
  otpSend: number;
  /** Contact messages per IP per hour. */
  messages: number;
  /** Orders a customer may place per hour (contracts' orders/policy.ts). */
  orders: number;
  /** Undelivered orders a customer may have at once. */
  openOrders: number;
  /** Uploads per hour of any role but admin (book-list photos; the catalogue's are the admin's). */
  uploads: number;
  /** Delivery OTPs one staff member may type per hour, across all orders (each order also locks after 5). */
  otpTries: number;
  /** Cart changes (add, quantity, remove) a customer makes per hour: each is an event kept for good. */
  cart: number;
  /** Profile saves a user makes per hour (each is an event kept for good). */
  profile: number;
}

export interface CommandApiDeps {
  events: EventStore;
  /** The read models: only for limits that count what a customer has (open orders). */
  docs: DocumentStore;
  secrets: SecretStore;
  credentials: CredentialStore;
  jobs: JobQueue;
  live: LivePublisher;
  media: MediaStore;
  tokens: TokenIssuer;
  otp: OtpCipher;
  /** Device cookies: a browser that signed in to an account counts its own login tries. */
  devices: DeviceTokens;
  logger: Logger;
  rateLimits: RateLimits;
  /** Password hashing behind a bounded pool; one per app when absent. */
  hasher?: PasswordHasher;
  cookieSecure: boolean;
  /** The shop's own origin (PUBLIC_URL) for the same-origin check; Host-derived when absent. */
  publicUrl?: string;
  /** Express "trust proxy" (whose X-Forwarded-For sets the client IP of rate limits); none by default. */
  trustProxy?: string | false;
  /** How long an upload waits for its image job (UPLOAD_WAIT_MS); contracts' UPLOAD_WAIT_MS when absent. */
  uploadWaitMs?: number;
  /** How long an upload's body may take to arrive (UPLOAD_RECEIVE_MS) before 408. */
  uploadReceiveMs?: number;
  now?: () => Date;
}

/** "Now" as an ISO string, from the injected clock when a test gives one. */
export const isoClock = (deps: Pick<CommandApiDeps, "now">) => (): string =>
  (deps.now?.() ?? new Date()).toISOString();
