import { comparePositions, positionsBehind } from "@shop/contracts";
import type { EventStore } from "@shop/platform";
import type { Projector } from "@shop/projector";
import type { RequestHandler } from "express";

/**
 * /readyz: 503 until the stores answer, the demo data is in and the projector has caught up with
 * the log as it stood then; afterwards 200 with the current lag (events not yet projected).
 */
export const createReadiness = (deps: { events: EventStore; projector: Projector }) => {
  let seeded = false;
  let caughtUpOnce = false;
  const handler: RequestHandler = async (_req, res) => {
    try {
      const head = await deps.events.headPosition();
      const at = deps.projector.current();
      const lag = positionsBehind(head, at);
      if (seeded && comparePositions(at, head) >= 0) caughtUpOnce = true;
      if (!seeded || !caughtUpOnce) {
        res.status(503).json({ status: "starting", projectorLag: lag });
        return;
      }
      res.json({ status: "ready", projectorLag: lag });
    } catch {
      res.status(503).json({ status: "unavailable" });
    }
  };
  return {
    handler,
    markSeeded: () => {
      seeded = true;
    },
  };
};
