import { randomUUID } from "node:crypto";
import { MessageBody, Streams, systemActor } from "@shop/contracts";
import { currentSession, parseBody } from "@shop/platform/http";
import { Router } from "express";
import { streamHandler } from "../commandHandling/streamHandler.ts";
import { type CommandApiDeps, isoClock } from "../deps.ts";
import { clientNetwork } from "../http/clientNetwork.ts";
import { actorOf, commandContext } from "../http/context.ts";
import { consume } from "../http/rateLimit.ts";
import { messageDecider } from "./decider.ts";

const HOUR = 60 * 60 * 1000;

export const messagesRoutes = (deps: CommandApiDeps): Router => {
  const router = Router();
  const messages = streamHandler(deps.events, Streams.message, messageDecider);

  // Public: the contact form works logged out too; rate-limited per IP.
  router.post("/messages", async (req, res) => {
    const body = parseBody(MessageBody, req.body);
    await consume(deps.secrets, `messages:${clientNetwork(req)}`, deps.rateLimits.messages, HOUR);
    const session = currentSession(res);
    const messageId = randomUUID();
    const { position } = await messages.handle(
      messageId,
      { type: "SendMessage", data: { messageId, ...body, now: isoClock(deps)() } },
      commandContext(req, session ? actorOf(session) : systemActor("visitor")),
    );
    res.status(201).json({ id: messageId, position });
  });

  return router;
};
