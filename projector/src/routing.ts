import { type DomainEvent, isKnownEventType, parseEvent } from "@shop/contracts";
import type { ReplayedEvent } from "@shop/platform";
import type { AnyProjection, PROJECTED_METADATA, ProjectedEvent } from "./projection.ts";

/** A stored event with what projections read of it (a recorded event has more). */
export type StoredEvent = ReplayedEvent<(typeof PROJECTED_METADATA)[number]>;

/**
 * A stored event as projections read it: upcast and validated (by the store's reader thread when
 * it says so: `decoded`, from `replayDecoder.ts`), with where it sits in the log.
 */
export const toProjected = (r: StoredEvent): ProjectedEvent => ({
  ...(r.decoded
    ? ({ type: r.type, data: r.data } as DomainEvent)
    : parseEvent(r.type, r.data, r.metadata.schemaVersion)),
  streamName: r.streamName,
  revision: r.revision,
  position: r.position,
  metadata: r.metadata,
});

export type Routes = (r: StoredEvent) => { event: ProjectedEvent; projections: AnyProjection[] } | null;

/**
 * Which projections handle each event type. An event no projection knows (written by a newer
 * version of the shop) is skipped, not parsed.
 */
export const routeByType = (projections: AnyProjection[]): Routes => {
  const byType = new Map<string, AnyProjection[]>();
  for (const p of projections) for (const t of p.canHandle) byType.set(t, [...(byType.get(t) ?? []), p]);
  return (r) => {
    if (!isKnownEventType(r.type)) return null;
    return { event: toProjected(r), projections: byType.get(r.type) ?? [] };
  };
};
