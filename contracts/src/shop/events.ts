import type { z } from "zod";
import { BookListEvent } from "../booklists/events.ts";
import { CartEvent } from "../carts/events.ts";
import { MessageEvent } from "../messages/events.ts";
import { OrderEvent } from "../orders/events.ts";
import { ProductEvent } from "../products/events.ts";
import { PromotionEvent } from "../promotions/events.ts";
import { SchoolEvent } from "../schools/events.ts";
import { UserEvent } from "../users/events.ts";

/** Every event of the shop: one discriminated union over `type`. */
export type DomainEvent =
  | UserEvent
  | SchoolEvent
  | ProductEvent
  | PromotionEvent
  | CartEvent
  | OrderEvent
  | MessageEvent
  | BookListEvent;
export type EventType = DomainEvent["type"];
export type EventOf<T extends EventType> = Extract<DomainEvent, { type: T }>;

const unions = [
  UserEvent,
  SchoolEvent,
  ProductEvent,
  PromotionEvent,
  CartEvent,
  OrderEvent,
  MessageEvent,
  BookListEvent,
];

type Upcaster = (data: Record<string, unknown>) => Record<string, unknown>;
interface EventDefinition {
  schema: z.ZodType;
  /** The version written today. */
  version: number;
  /** `upcasters[v]` lifts data written at version v to v + 1. */
  upcasters: Record<number, Upcaster>;
}

const definitions = new Map<string, EventDefinition>();
for (const union of unions) {
  for (const option of union.options) {
    const type = option.shape.type.value;
    definitions.set(type, { schema: option, version: 1, upcasters: {} });
  }
}

export const CURRENT_SCHEMA_VERSION = (type: string): number => definitions.get(type)?.version ?? 1;
export const isKnownEventType = (type: string): type is EventType => definitions.has(type);

/** Registers a new schema version of an event with the upcaster from the previous one. */
export const registerUpcaster = (type: EventType, fromVersion: number, upcast: Upcaster): void => {
  const def = definitions.get(type);
  if (!def) throw new Error(`unknown event type ${type}`);
  def.upcasters[fromVersion] = upcast;
  def.version = Math.max(def.version, fromVersion + 1);
};

/** Reads stored data written at `version` as today's shape, validated. */
export const parseEvent = (type: string, data: unknown, version = 1): DomainEvent => {
  const def = definitions.get(type);
  if (!def) throw new Error(`unknown event type ${type}`);
  let current = data as Record<string, unknown>;
  for (let v = version; v < def.version; v++) {
    const up = def.upcasters[v];
    if (!up) throw new Error(`no upcaster for ${type} v${v}`);
    current = up(current);
  }
  return def.schema.parse({ type, data: current }) as DomainEvent;
};
