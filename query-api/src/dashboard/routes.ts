import { isAdmin, NoQuery, Texts } from "@shop/contracts";
import { requireRole } from "@shop/platform/http";
import { Router } from "express";
import type { QueryApiDeps } from "../deps.ts";
import { parseQuery } from "../http/pagination.ts";
import { readDashboard } from "./queries.ts";

export const dashboardRoutes = (deps: QueryApiDeps): Router => {
  const router = Router();

  // The position is read before the figures: they reflect it at least, and the live updates after it apply on top.
  router.get("/dashboard", async (req, res) => {
    requireRole(res, isAdmin, Texts.noAdminPermissions);
    parseQuery(NoQuery, req.query);
    const position = await deps.progress.position();
    res.json(await readDashboard(deps.docs, position, new Date()));
  });

  return router;
};
