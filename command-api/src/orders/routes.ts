import { isAdmin, PlaceOrderBody, StatusBody, Streams, Texts } from "@shop/contracts";
import { parseBody, pathId, requireRole, requireSession } from "@shop/platform/http";
import { Router } from "express";
import { handleCommand } from "../commandHandling/handleCommand.ts";
import { type CommandApiDeps, isoClock } from "../deps.ts";
import { actorOf, commandContext } from "../http/context.ts";
import { orderDecider } from "./decider.ts";
import { deliveryRoutes } from "./delivery.ts";
import { priceItems, requestDigest } from "./pricing.ts";
import { enqueueStatusMails } from "./statusMail.ts";

export const ordersRoutes = (deps: CommandApiDeps): Router => {
  const router = Router();
  const now = isoClock(deps);

  router.post("/orders", async (req, res) => {
    const session = requireSession(res);
    const body = parseBody(PlaceOrderBody, req.body);
    const { items, totals } = await priceItems(deps.events, body.items);
    const { position } = await handleCommand(
      deps.events,
      Streams.order(body.orderId),
      orderDecider,
      {
        type: "PlaceOrder",
        data: {
          orderId: body.orderId,
          customer: {
            userId: session.userId,
            name: session.name,
            email: session.email,
            contact: session.contact,
          },
          shippingAddress: body.shippingAddress,
          items,
          totals,
          source: { kind: body.source ?? "direct" },
          requestDigest: requestDigest(session.userId, body.items, body.shippingAddress),
          placedAt: now(),
          ...(body.expectedPayablePaise !== undefined && { expectedPayablePaise: body.expectedPayablePaise }),
        },
      },
      commandContext(req, actorOf(session)),
    );
    res.status(201).json({ orderId: body.orderId, position });
  });

  router.put("/orders/:id/status", async (req, res) => {
    const session = requireRole(res, isAdmin);
    const orderId = pathId(req.params.id, Texts.orderNotFound);
    const body = parseBody(StatusBody, req.body);
    const { state, appended, position } = await handleCommand(
      deps.events,
      Streams.order(orderId),
      orderDecider,
      { type: "ChangeOrderStatus", data: { to: body.status, now: now() } },
      commandContext(req, actorOf(session)),
    );
    await enqueueStatusMails(deps.jobs, deps.logger, state, appended);
    res.json({ position });
  });

  router.use(deliveryRoutes(deps));
  return router;
};
