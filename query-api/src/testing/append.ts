import { randomUUID } from "node:crypto";
import type { DomainEvent } from "@shop/contracts";
import type { EventStore } from "@shop/platform";

/**
 * Appends domain events straight to the log, for read-side tests of streams whose commands live
 * elsewhere; answers the position to send as `X-Min-Position`.
 */
export const appendEvents = async (
  events: EventStore,
  stream: string,
  domain: DomainEvent[],
): Promise<string> => {
  const id = randomUUID();
  const metadata = {
    schemaVersion: 1,
    correlationId: id,
    causationId: id,
    actor: { kind: "system" as const, name: "test" },
  };
  const { position } = await events.appendToStream(
    stream,
    domain.map((e) => ({ type: e.type, data: e.data, metadata })),
    { expectedRevision: "any" },
  );
  return position;
};

/** Headers for a read that must reflect `position` (read-your-writes). */
export const after = (position: string) => ({ "x-min-position": position });
