import { randomUUID } from "node:crypto";
import {
  isAdmin,
  PromotionActiveBody,
  PromotionBody,
  PromotionUpdateBody,
  Streams,
  Texts,
} from "@shop/contracts";
import { parseBody, pathId, requireRole } from "@shop/platform/http";
import { Router } from "express";
import { streamHandler } from "../commandHandling/streamHandler.ts";
import type { CommandApiDeps } from "../deps.ts";
import { actorOf, commandContext } from "../http/context.ts";
import { requireIssuedImage } from "../http/images.ts";
import { promotionDecider, promotionOf } from "./decider.ts";

export const promotionsRoutes = (deps: CommandApiDeps): Router => {
  const router = Router();
  const promotions = streamHandler(deps.events, Streams.promotion, promotionDecider);

  router.post("/promotions", async (req, res) => {
    const session = requireRole(res, isAdmin);
    const body = parseBody(PromotionBody, req.body);
    await requireIssuedImage(deps, body.imageUrl, session);
    const promotionId = randomUUID();
    const { position } = await promotions.handle(
      promotionId,
      { type: "CreatePromotion", data: { ...body, promotionId } },
      commandContext(req, actorOf(session)),
    );
    res.status(201).json({ id: promotionId, position });
  });

  router.put("/promotions/:id", async (req, res) => {
    const session = requireRole(res, isAdmin);
    const promotionId = pathId(req.params.id, Texts.promotionNotFound);
    const body = parseBody(PromotionUpdateBody, req.body);
    if (body.imageUrl) await requireIssuedImage(deps, body.imageUrl, session);
    const { position } = await promotions.handle(
      promotionId,
      { type: "UpdatePromotion", data: { ...body, promotionId } },
      commandContext(req, actorOf(session)),
    );
    res.json({ position });
  });

  // The original's "delete" toggled the status; that is this call now (API.md), answering the changed promotion.
  router.put("/promotions/:id/active", async (req, res) => {
    const session = requireRole(res, isAdmin);
    const promotionId = pathId(req.params.id, Texts.promotionNotFound);
    const { active } = parseBody(PromotionActiveBody, req.body);
    const { state, position } = await promotions.handle(
      promotionId,
      { type: "SetPromotionActive", data: { promotionId, active } },
      commandContext(req, actorOf(session)),
    );
    res.json({ promotion: promotionOf(state), position });
  });

  router.delete("/promotions/:id", async (req, res) => {
    const session = requireRole(res, isAdmin);
    const promotionId = pathId(req.params.id, Texts.promotionNotFound);
    const { position } = await promotions.handle(
      promotionId,
      { type: "RemovePromotion", data: { promotionId } },
      commandContext(req, actorOf(session)),
    );
    res.json({ position });
  });

  return router;
};
