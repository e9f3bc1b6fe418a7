import {
  AddCartItemBody,
  ChangeCartQuantityBody,
  CheckoutBody,
  conflict,
  notFound,
  Streams,
  Texts,
} from "@shop/contracts";
import type { EventStore } from "@shop/platform";
import { parseBody, pathId, requireSession, type SessionUser } from "@shop/platform/http";
import { Router } from "express";
import { type CommandContext, handleCommand } from "../commandHandling/handleCommand.ts";
import { loadState } from "../commandHandling/loadState.ts";
import { type CommandApiDeps, isoClock } from "../deps.ts";
import { actorOf, commandContext } from "../http/context.ts";
import { withLock } from "../http/lock.ts";
import { placeOrder } from "../orders/placeOrder.ts";
import { loadProduct } from "../products/catalogue.ts";
import { cartDecider, cartLines } from "./decider.ts";

const loadCart = (events: EventStore, userId: string) => loadState(events, Streams.cart(userId), cartDecider);

export const cartsRoutes = (deps: CommandApiDeps): Router => {
  const router = Router();
  const now = isoClock(deps);

  router.post("/cart/items", async (req, res) => {
    const session = requireSession(res);
    const body = parseBody(AddCartItemBody, req.body);
    if ((await loadProduct(deps.events, body.productId)).status !== "listed")
      throw notFound(Texts.bookNotFound);
    const { position } = await handleCommand(
      deps.events,
      Streams.cart(session.userId),
      cartDecider,
      {
        type: "AddCartItem",
        data: { userId: session.userId, productId: body.productId, quantity: body.quantity ?? 1 },
      },
      commandContext(req, actorOf(session)),
    );
    res.json({ position });
  });

  router.patch("/cart/items/:productId", async (req, res) => {
    const session = requireSession(res);
    const productId = pathId(req.params.productId, Texts.bookNotFound);
    const { quantity } = parseBody(ChangeCartQuantityBody, req.body);
    const { position } = await handleCommand(
      deps.events,
      Streams.cart(session.userId),
      cartDecider,
      { type: "ChangeCartQuantity", data: { userId: session.userId, productId, quantity } },
      commandContext(req, actorOf(session)),
    );
    res.json({ position });
  });

  router.delete("/cart/items/:productId", async (req, res) => {
    const session = requireSession(res);
    const productId = pathId(req.params.productId, Texts.bookNotFound);
    const { position } = await handleCommand(
      deps.events,
      Streams.cart(session.userId),
      cartDecider,
      { type: "RemoveCartItem", data: { userId: session.userId, productId } },
      commandContext(req, actorOf(session)),
    );
    res.json({ position });
  });

  /**
   * Checkout spans two streams, and no append spans two: `OrderPlaced` first, then
   * `CartCheckedOut { orderId }`. A retry with the same orderId finds the order and completes the cart step.
   */
  router.post("/cart/checkout", async (req, res) => {
    const session = requireSession(res);
    const body = parseBody(CheckoutBody, req.body);
    const ctx = commandContext(req, actorOf(session));
    // One checkout of a cart at a time: two at once would both place orders for the same lines.
    const answer = await withLock(deps.secrets, `checkout:${session.userId}`, () =>
      checkout(session, body, ctx),
    );
    res.status(201).json(answer);
  });

  const checkout = async (
    session: SessionUser,
    body: { orderId: string; shippingAddress: string; expectedPayablePaise?: number | undefined },
    ctx: CommandContext,
  ) => {
    const cart = await loadCart(deps.events, session.userId);
    if (cart.checkedOut.has(body.orderId)) {
      const [last] = (await deps.events.readStream(Streams.order(body.orderId))).slice(-1);
      return { orderId: body.orderId, position: last?.position ?? null };
    }
    const lines = cartLines(cart);
    if (lines.length === 0) throw conflict(Texts.cartEmpty);
    const placed = await placeOrder(
      deps.events,
      {
        orderId: body.orderId,
        customer: {
          userId: session.userId,
          name: session.name,
          email: session.email,
          contact: session.contact,
        },
        items: lines,
        shippingAddress: body.shippingAddress,
        source: { kind: "cart" },
        ...(body.expectedPayablePaise !== undefined && { expectedPayablePaise: body.expectedPayablePaise }),
        now: now(),
      },
      ctx,
    );
    const orderEvent = placed.appended[0];
    const { position } = await handleCommand(
      deps.events,
      Streams.cart(session.userId),
      cartDecider,
      { type: "CheckOutCart", data: { userId: session.userId, orderId: body.orderId, lines } },
      { ...ctx, ...(orderEvent && { causationId: orderEvent.id }) },
    );
    return { orderId: body.orderId, position: position ?? placed.position };
  };

  return router;
};
