import type { DomainEvent, EventMetadata } from "@shop/contracts";

/** One append of a generated history: events of one stream with their metadata. */
export interface Append {
  stream: string;
  events: DomainEvent[];
  metadata: EventMetadata;
}

export const admin: EventMetadata = {
  schemaVersion: 1,
  correlationId: "00000000-0000-4000-8000-00000000c0de",
  causationId: "00000000-0000-4000-8000-00000000c0de",
  actor: { kind: "user", userId: "00000000-0000-4000-8000-0000000000aa", name: "Shop Admin", accType: 1 },
};
export const system: EventMetadata = { ...admin, actor: { kind: "system", name: "history" } };

export type HistoryUser = { id: string; name: string; email: string; accType: 1 | 2 | 3 };
export type HistoryProduct = {
  id: string;
  title: string;
  kind: "book" | "notebook" | "stationery";
  price: number;
};

/** A deterministic pseudo-random source (mulberry32), so a failing history can be replayed. */
const random = (seed: number) => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

/**
 * What a generated shop knows so far, shared by the per-context builders: the random source,
 * ids and times in order, the appends made, and the entities later steps act on.
 */
export const createWorld = (seed: number) => {
  const next = random(seed);
  let counter = 0;
  const out: Append[] = [];
  return {
    out,
    next,
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T,
    counter: () => counter,
    id: () => `00000000-0000-4000-8000-${(++counter).toString(16).padStart(12, "0")}`,
    at: () => new Date(Date.UTC(2026, 0, 1) + counter * 60_000).toISOString(),
    push: (stream: string, events: DomainEvent[], metadata = admin) => out.push({ stream, events, metadata }),
    users: [] as HistoryUser[],
    schools: [] as string[],
    products: [] as HistoryProduct[],
    promotions: [] as string[],
    carts: new Map<string, Map<string, number>>(),
    orders: [] as { id: string; status: 1 | 2 | 3 }[],
    bookLists: [] as string[],
  };
};
export type World = ReturnType<typeof createWorld>;

/** An order's customer as the order and book-list events carry it. */
export const customerOf = (u: HistoryUser) => ({
  userId: u.id,
  name: u.name,
  email: u.email,
  contact: "98765 43210",
});
