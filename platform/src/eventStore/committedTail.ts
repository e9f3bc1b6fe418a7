/** An event as the writer stored it: its row, with data and metadata still as their JSON text. */
export interface TailEvent {
  id: string;
  stream: string;
  revision: number;
  type: string;
  data: string;
  metadata: string;
  createdAt: string;
}

/** A subscription's place in the log: the position of the last event it has taken. */
export interface TailReader {
  at: number;
}

export interface CommittedTail {
  /**
   * Adds the events of one committed append, at positions `first`, `first + 1`, … Kept only while
   * a reader is registered; positions that do not follow the kept ones (another process appended
   * between) start the tail again from `first`.
   */
  add(first: number, events: readonly TailEvent[]): void;
  /**
   * The kept events after `after`, at most `limit`, each with its position; null when the tail
   * does not hold the event right after `after` or holds nothing past it: read the log then.
   */
  read(after: number, limit: number): { position: number; event: TailEvent }[] | null;
  /** A reader whose `at` lets the tail drop what every reader has taken. */
  register(at: number): TailReader;
  unregister(reader: TailReader): void;
  clear(): void;
}

/**
 * The events this process committed last, held until its subscriptions have taken them, so a
 * subscription hears an append it was woken for without reading the log back: on the main
 * thread's connection every read after the writer thread's commit starts with a cold page cache
 * (~0.1 ms a read, RESULTS.md, eleventh session). Never more than `max` events: a reader that
 * falls further behind reads the log, as any reader does.
 */
export function createCommittedTail(max = 4096): CommittedTail {
  let events: TailEvent[] = [];
  let first = 0;
  const readers = new Set<TailReader>();

  const dropTaken = () => {
    let taken = Number.POSITIVE_INFINITY;
    for (const r of readers) taken = Math.min(taken, r.at);
    const drop = Math.min(Math.max(0, taken - first + 1), events.length);
    const over = events.length - drop - max;
    const cut = over > 0 ? drop + over : drop;
    if (cut > 0) {
      events = events.slice(cut);
      first += cut;
    }
  };

  return {
    add(at, added) {
      if (readers.size === 0 || added.length === 0) {
        events = [];
        return;
      }
      if (events.length === 0 || at !== first + events.length) {
        events = [];
        first = at;
      }
      for (const e of added) events.push(e);
      dropTaken();
    },
    read(after, limit) {
      const from = after + 1 - first;
      if (events.length === 0 || from < 0 || from >= events.length) return null;
      const end = Math.min(events.length, from + limit);
      const out: { position: number; event: TailEvent }[] = new Array(end - from);
      for (let i = from; i < end; i++) out[i - from] = { position: first + i, event: events[i]! };
      return out;
    },
    register(at) {
      const reader = { at };
      readers.add(reader);
      return reader;
    },
    unregister(reader) {
      readers.delete(reader);
      if (readers.size === 0) events = [];
    },
    clear() {
      events = [];
    },
  };
}
