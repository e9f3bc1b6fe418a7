import type { EventStore } from "@shop/platform";

/** The event types of a stream, in order: what a command appended, as the log holds it. */
export const typesIn = async (events: EventStore, stream: string): Promise<string[]> =>
  (await events.readStream(stream)).map((e) => e.type);
