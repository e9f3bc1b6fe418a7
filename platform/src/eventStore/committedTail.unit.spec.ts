import { describe, expect, it } from "vitest";
import { createCommittedTail, type TailEvent } from "./committedTail.ts";

const ev = (id: string): TailEvent => ({
  id,
  stream: `s-${id}`,
  revision: 0,
  type: "T",
  data: "{}",
  metadata: "{}",
  createdAt: "2026-11-27T00:00:00.000Z",
});
const ids = (read: { event: TailEvent }[] | null) => read?.map((r) => r.event.id) ?? null;

describe("the committed tail", () => {
  it("answers the events after a position with their positions, up to a limit", () => {
    const tail = createCommittedTail();
    tail.register(10);
    tail.add(11, [ev("a"), ev("b")]);
    tail.add(13, [ev("c")]);
    expect(tail.read(10, 10)?.map((r) => r.position)).toEqual([11, 12, 13]);
    expect(ids(tail.read(11, 1))).toEqual(["b"]);
  });

  it("answers null where it cannot vouch for the next event: before its start, at or past its end", () => {
    const tail = createCommittedTail();
    tail.register(10);
    tail.add(11, [ev("a")]);
    expect(tail.read(9, 10)).toBeNull();
    expect(tail.read(11, 10)).toBeNull();
    expect(tail.read(20, 10)).toBeNull();
  });

  it("starts again when an append does not follow it (another process appended between)", () => {
    const tail = createCommittedTail();
    tail.register(10);
    tail.add(11, [ev("a")]);
    tail.add(13, [ev("c")]);
    // Position 12 is not this process's: a reader at 11 must read the log.
    expect(tail.read(11, 10)).toBeNull();
    expect(ids(tail.read(12, 10))).toEqual(["c"]);
  });

  it("drops what every registered reader has taken, and keeps nothing without readers", () => {
    const tail = createCommittedTail();
    const slow = tail.register(10);
    const fast = tail.register(10);
    tail.add(11, [ev("a"), ev("b")]);
    fast.at = 12;
    tail.add(13, [ev("c")]);
    expect(ids(tail.read(10, 10))).toEqual(["a", "b", "c"]);
    slow.at = 12;
    tail.add(14, [ev("d")]);
    expect(tail.read(10, 10)).toBeNull();
    expect(ids(tail.read(12, 10))).toEqual(["c", "d"]);
    tail.unregister(slow);
    tail.unregister(fast);
    tail.add(15, [ev("e")]);
    expect(tail.read(14, 10)).toBeNull();
  });

  it("holds at most its maximum, the newest", () => {
    const tail = createCommittedTail(3);
    tail.register(0);
    tail.add(1, [ev("a"), ev("b"), ev("c"), ev("d")]);
    tail.add(5, [ev("e")]);
    expect(tail.read(0, 10)).toBeNull();
    expect(ids(tail.read(2, 10))).toEqual(["c", "d", "e"]);
  });
});
