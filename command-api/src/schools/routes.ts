import { randomUUID } from "node:crypto";
import { isAdmin, SchoolBody, Streams, Texts } from "@shop/contracts";
import { parseBody, pathId, requireRole } from "@shop/platform/http";
import { Router } from "express";
import { streamHandler } from "../commandHandling/streamHandler.ts";
import type { CommandApiDeps } from "../deps.ts";
import { actorOf, commandContext } from "../http/context.ts";
import { requireIssuedImage } from "../http/images.ts";
import { schoolDecider } from "./decider.ts";

export const schoolsRoutes = (deps: CommandApiDeps): Router => {
  const router = Router();
  const schools = streamHandler(deps.events, Streams.school, schoolDecider);

  router.post("/schools", async (req, res) => {
    const session = requireRole(res, isAdmin);
    const body = parseBody(SchoolBody, req.body);
    await requireIssuedImage(deps, body.imageUrl, session);
    const schoolId = randomUUID();
    const { position } = await schools.handle(
      schoolId,
      { type: "RegisterSchool", data: { ...body, schoolId } },
      commandContext(req, actorOf(session)),
    );
    res.status(201).json({ id: schoolId, position });
  });

  router.put("/schools/:id", async (req, res) => {
    const session = requireRole(res, isAdmin);
    const schoolId = pathId(req.params.id, Texts.noSchoolFound);
    const body = parseBody(SchoolBody, req.body);
    await requireIssuedImage(deps, body.imageUrl, session);
    const { position } = await schools.handle(
      schoolId,
      { type: "UpdateSchool", data: { ...body, schoolId } },
      commandContext(req, actorOf(session)),
    );
    res.json({ position });
  });

  router.delete("/schools/:id", async (req, res) => {
    const session = requireRole(res, isAdmin);
    const schoolId = pathId(req.params.id, Texts.noSchoolFound);
    const { position } = await schools.handle(
      schoolId,
      { type: "RemoveSchool", data: { schoolId } },
      commandContext(req, actorOf(session)),
    );
    res.json({ position });
  });

  return router;
};
