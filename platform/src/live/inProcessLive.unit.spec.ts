import { describe, expect, it } from "vitest";
import type { LiveTarget } from "../ports/live.ts";
import { createInProcessLive } from "./inProcessLive.ts";

function recordingTarget() {
  const calls: unknown[][] = [];
  const target: LiveTarget = {
    to: (rooms) => ({ emit: (event, payload) => calls.push(["emit", rooms, event, payload]) }),
    in: (rooms) => ({
      socketsJoin: (join) => calls.push(["join", rooms, join]),
      socketsLeave: (leave) => calls.push(["leave", rooms, leave]),
      disconnectSockets: (close) => calls.push(["disconnect", rooms, close]),
    }),
  };
  return { target, calls };
}

describe("in-process live publisher", () => {
  it("drops events until a target is attached", () => {
    const live = createInProcessLive();
    expect(() => live.emit(["user:1"], "order.updated", {})).not.toThrow();
    const { target, calls } = recordingTarget();
    live.attach(target);
    live.emit(["order:1", "role:admin"], "order.updated", { position: "5" });
    expect(calls).toEqual([["emit", ["order:1", "role:admin"], "order.updated", { position: "5" }]]);
  });

  it("forwards joins, leaves and disconnects", () => {
    const live = createInProcessLive();
    const { target, calls } = recordingTarget();
    live.attach(target);
    live.socketsJoin(["user:1"], ["role:delivery"]);
    live.socketsLeave(["user:1"], ["role:admin"]);
    live.disconnectSockets(["session:abc"]);
    expect(calls).toEqual([
      ["join", ["user:1"], ["role:delivery"]],
      ["leave", ["user:1"], ["role:admin"]],
      ["disconnect", ["session:abc"], true],
    ]);
  });

  it("never turns an empty room list into a broadcast", () => {
    const live = createInProcessLive();
    const { target, calls } = recordingTarget();
    live.attach(target);
    live.emit([], "order.updated", {});
    live.disconnectSockets([]);
    live.socketsJoin([], ["role:admin"]);
    expect(calls).toEqual([]);
  });

  it("stops forwarding after detach", () => {
    const live = createInProcessLive();
    const { target, calls } = recordingTarget();
    live.attach(target);
    live.detach();
    live.emit(["user:1"], "x", {});
    expect(calls).toEqual([]);
  });
});
