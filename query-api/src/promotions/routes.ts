import {
  isAdmin,
  type PromotionDoc,
  PromotionsQuery,
  promotionsCollection,
  promotionView,
  Texts,
} from "@shop/contracts";
import { requireRole } from "@shop/platform/http";
import { Router } from "express";
import type { QueryApiDeps } from "../deps.ts";
import { parseQuery } from "../http/pagination.ts";

export const promotionsRoutes = (deps: QueryApiDeps): Router => {
  const router = Router();

  // Visitors see the active promotions; `all=true` (inactive ones too) is the admin screen's.
  router.get("/promotions", async (req, res) => {
    const q = parseQuery(PromotionsQuery, req.query);
    const all = q.all === "true";
    if (all) requireRole(res, isAdmin, Texts.noAdminPermissions);
    const docs = await deps.docs
      .collection<PromotionDoc>(promotionsCollection.name)
      .find(all ? {} : { active: true }, { sort: { createdSeq: -1, _id: -1 } });
    res.json({ items: docs.map(promotionView) });
  });

  return router;
};
