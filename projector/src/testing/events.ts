import type { DomainEvent, EventMetadata } from "@shop/contracts";
import type { ProjectedEvent } from "../projection.ts";

const admin: EventMetadata = {
  schemaVersion: 1,
  correlationId: "00000000-0000-4000-8000-000000000001",
  causationId: "00000000-0000-4000-8000-000000000001",
  actor: { kind: "user", userId: "00000000-0000-4000-8000-0000000000aa", name: "Shop Admin", accType: 1 },
};

/** Wraps domain events of one stream as the projector sees them: revisions 0.., positions given. */
export const recorded = <E extends DomainEvent>(
  stream: string,
  events: E[],
  firstPosition = 1,
  metadata = admin,
): ProjectedEvent<E>[] =>
  events.map((e, i) => ({
    ...e,
    id: `00000000-0000-4000-8000-${String(firstPosition + i).padStart(12, "0")}`,
    streamName: stream,
    revision: i,
    position: String(firstPosition + i),
    metadata,
  }));
