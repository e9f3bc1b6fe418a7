import { countAppends, timeJobs } from "../ops/instrument.ts";
import type { Metrics } from "../ops/metrics.ts";
import { settlesWithin } from "../ops/shutdown.ts";
import type { DocumentStore } from "../ports/documents.ts";
import type { EventStore } from "../ports/eventStore.ts";
import type { JobQueue } from "../ports/jobs.ts";
import type { Mailer } from "../ports/mail.ts";
import type { MediaStore } from "../ports/media.ts";
import type { CredentialStore, SecretStore } from "../ports/secrets.ts";
import type { Config } from "./config.ts";
import {
  type OpenedLive,
  openCredentialStore,
  openDocumentStore,
  openEventStore,
  openJobQueue,
  openLive,
  openMailer,
  openMediaStore,
  openSecretStore,
  type PortOptions,
} from "./ports.ts";

/** Every port a process may need, each opened on the adapter its URL variable picks. */
export interface Ports {
  events: EventStore;
  docs: DocumentStore;
  secrets: SecretStore;
  credentials: CredentialStore;
  jobs: JobQueue;
  live: OpenedLive;
  media: MediaStore;
  mailer: Mailer;
}
export type PortName = keyof Ports;

export interface OpenPortsOptions<N extends PortName> extends PortOptions {
  /** The ports this process uses; only these are opened. */
  use: readonly N[];
  /** Counts appended events, times jobs and counts refused live publishes on these metrics. */
  metrics?: Metrics;
}

export type OpenedPorts<N extends PortName> = Pick<Ports, N> & {
  /**
   * Closes what was opened: the job queue first (its running jobs finish, and they may use any
   * other port), then the live fan-out and the mailer, then the stores.
   */
  close(): Promise<void>;
};

const openers: { [K in PortName]: (config: Config, options: PortOptions) => Promise<Ports[K]> } = {
  events: openEventStore,
  docs: async (config) => (await openDocumentStore(config)).docs,
  secrets: openSecretStore,
  credentials: (config) => openCredentialStore(config),
  jobs: openJobQueue,
  live: openLive,
  media: async (config) => openMediaStore(config),
  mailer: (config) => openMailer(config),
};

/**
 * How long one stage of closing may take before what has not closed is left open: the job queue
 * lets its running jobs finish (an image takes a few seconds), the others only say goodbye.
 */
const closeStageMs = (stage: readonly PortName[]) => (stage.includes("jobs") ? 4000 : 1000);

const CLOSING_ORDER: readonly (readonly PortName[])[] = [
  ["jobs"],
  ["live", "mailer"],
  ["events", "docs", "secrets", "credentials"],
];

/**
 * The one bootstrap of every process (the four service mains and the standalone): opens the ports
 * it names, in order, on the adapters config picks (ARCHITECTURE §2).
 */
export async function openPorts<const N extends PortName>(
  config: Config,
  options: OpenPortsOptions<N>,
): Promise<OpenedPorts<N>> {
  const opened: Partial<Ports> = {};
  const closers: { name: PortName; close(): Promise<void> }[] = [];
  for (const name of options.use) {
    const port = await openers[name](config, options);
    opened[name] = port as never;
    if ("close" in port) closers.push({ name, close: () => port.close() });
  }
  if (options.metrics && opened.events) opened.events = countAppends(opened.events, options.metrics);
  if (options.metrics && opened.jobs) opened.jobs = timeJobs(opened.jobs, options.metrics);
  return {
    ...(opened as Pick<Ports, N>),
    async close() {
      for (const stage of CLOSING_ORDER) {
        const closing = closers.filter((c) => stage.includes(c.name));
        const open = new Set(closing.map((c) => c.name));
        const done = Promise.allSettled(closing.map((c) => c.close().finally(() => open.delete(c.name))));
        // A store that does not answer (Redis frozen: a QUIT waits for its reply for a minute)
        // is left behind after closeStageMs, so a stop ends within its grace period and the
        // next stage, the stores that keep the data, still closes.
        if (!(await settlesWithin(done, closeStageMs(stage))))
          options.logger.warn({ ports: [...open] }, "ports did not close in time; left open");
      }
    },
  };
}
