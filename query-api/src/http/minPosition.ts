import { DomainError, Position } from "@shop/contracts";
import type { ProjectionProgress } from "@shop/platform";
import type { RequestHandler } from "express";

/** Read-your-writes (ARCHITECTURE §6): answer only once the read models reflect the caller's position. */
export const minPosition =
  (progress: ProjectionProgress, waitMs: number): RequestHandler =>
  async (req, _res, next) => {
    const wanted = req.get("x-min-position");
    if (!wanted) return next();
    if (!Position.safeParse(wanted).success)
      throw new DomainError("invalid", "X-Min-Position must be a decimal position");
    if (await progress.waitFor(wanted, waitMs)) return next();
    throw new DomainError("unavailable", "The shop is catching up; try again in a moment", {
      retryAfterSeconds: 1,
    });
  };
