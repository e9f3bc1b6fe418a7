import {
  isAdmin,
  isStaff,
  OrderStatus,
  OtpBody,
  PlaceOrderBody,
  StatusBody,
  Streams,
  Texts,
} from "@shop/contracts";
import { parseBody, pathId, requireRole, requireSession } from "@shop/platform/http";
import { Router } from "express";
import { streamHandler } from "../commandHandling/streamHandler.ts";
import { type CommandApiDeps, isoClock } from "../deps.ts";
import { actorOf, commandContext, customerOf } from "../http/context.ts";
import { consume } from "../http/rateLimit.ts";
import { orderDecider } from "./decider.ts";
import { deliveryOtps } from "./deliveryOtp.ts";
import { orderPlacing } from "./placeOrder.ts";

const HOUR = 60 * 60 * 1000;

export const ordersRoutes = (deps: CommandApiDeps): Router => {
  const router = Router();
  const now = isoClock(deps);
  const orders = streamHandler(deps.events, Streams.order, orderDecider);
  const placeOrder = orderPlacing(deps);
  const otps = deliveryOtps(deps);

  router.post("/orders", async (req, res) => {
    const session = requireSession(res);
    const body = parseBody(PlaceOrderBody, req.body);
    const { position } = await placeOrder(
      {
        orderId: body.orderId,
        customer: customerOf(session),
        items: body.items,
        shippingAddress: body.shippingAddress,
        source: { kind: body.source ?? "direct" },
        expectedPayablePaise: body.expectedPayablePaise,
        now: now(),
        byCustomer: true,
      },
      commandContext(req, actorOf(session)),
    );
    res.status(201).json({ orderId: body.orderId, position });
  });

  router.put("/orders/:id/status", async (req, res) => {
    const session = requireRole(res, isAdmin);
    const orderId = pathId(req.params.id, Texts.orderNotFound);
    const body = parseBody(StatusBody, req.body);
    const { appended, position } = await orders.handle(
      orderId,
      { type: "ChangeOrderStatus", data: { to: body.status, now: now() } },
      commandContext(req, actorOf(session)),
    );
    const changed = appended[0];
    if (
      changed?.type === "OrderStatusChanged" &&
      (changed.data.from === OrderStatus.DELIVERED || changed.data.to === OrderStatus.DELIVERED)
    )
      await otps.void(orderId);
    res.json({ position });
  });

  router.post("/orders/:id/delivery-otp", async (req, res) => {
    const session = requireRole(res, isStaff);
    const orderId = pathId(req.params.id, Texts.orderNotFound);
    await consume(deps.secrets, `otp-send:${orderId}`, deps.rateLimits.otpSend, HOUR);
    res.status(202).json(await otps.send(orderId, commandContext(req, actorOf(session))));
  });

  router.post("/orders/:id/delivery-confirmation", async (req, res) => {
    const session = requireRole(res, isStaff);
    const orderId = pathId(req.params.id, Texts.orderNotFound);
    const { otp } = parseBody(OtpBody, req.body);
    // Each order's code locks after 5 wrong tries; this bounds one rider's guesses over all orders.
    await consume(deps.secrets, `otp-guesses:${session.userId}`, deps.rateLimits.otpTries, HOUR);
    res.json(await otps.confirm(orderId, otp, commandContext(req, actorOf(session))));
  });

  return router;
};
