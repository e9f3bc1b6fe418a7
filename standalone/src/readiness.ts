import { comparePositions, positionsBehind } from "@shop/contracts";
import { type EventStore, failingChecks, type SecretStore } from "@shop/platform";
import type { Projector } from "@shop/projector";
import type { RequestHandler } from "express";

/**
 * /readyz: 503 until the stores answer, the demo data is in and the projector has caught up with
 * the log as it stood then; afterwards 200 with the current lag (events not yet projected), or
 * 503 naming the stores that do not answer. The secret store is Redis with REDIS_URL: a shop
 * started while its Redis was down, or whose Redis went away, answered 200 "ready" while every
 * sign-in and command answered 503 (query-api's /readyz already asked it).
 */
export const createReadiness = (deps: { events: EventStore; projector: Projector; secrets: SecretStore }) => {
  let seeded = false;
  let caughtUpOnce = false;
  const handler: RequestHandler = async (_req, res) => {
    try {
      const failing = await failingChecks({
        eventStore: () => deps.events.headPosition(),
        secrets: () => deps.secrets.get("readyz"),
      });
      if (failing.length > 0) {
        res.status(503).json({ status: "unavailable", failing });
        return;
      }
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
