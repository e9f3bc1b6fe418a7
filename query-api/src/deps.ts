import type { DocumentStore, EventStore, ProjectionProgress, SecretStore } from "@shop/platform";
import type { TokenVerifier } from "@shop/platform/http";
import type { Logger } from "pino";

export interface QueryApiDeps {
  docs: DocumentStore;
  /** Read for the audit history and ownership checks only: query-api never appends. */
  events: EventStore;
  progress: ProjectionProgress;
  tokens: TokenVerifier;
  secrets: SecretStore;
  logger: Logger;
  /** The bound on an `X-Min-Position` wait (API.md: 2 s). */
  readWaitMs: number;
  /** Express "trust proxy"; none by default. */
  trustProxy?: string | false;
  /** Live sessions one client address may hold at once (CONNECTIONS_PER_ADDRESS); 0 or absent: no cap. */
  connectionsPerAddress?: number;
  /** Browser origins allowed on the socket handshake, when set. */
  publicUrl?: string;
}
