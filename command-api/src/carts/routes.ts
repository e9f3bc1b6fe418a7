import {
  AddCartItemBody,
  ChangeCartQuantityBody,
  CheckoutBody,
  conflict,
  Streams,
  Texts,
} from "@shop/contracts";
import { parseBody, pathId, requireSession, type SessionUser } from "@shop/platform/http";
import { Router } from "express";
import type { CommandContext } from "../commandHandling/handleCommand.ts";
import { streamHandler } from "../commandHandling/streamHandler.ts";
import { type CommandApiDeps, isoClock } from "../deps.ts";
import { actorOf, commandContext, customerOf } from "../http/context.ts";
import { withLock } from "../http/lock.ts";
import { consume } from "../http/rateLimit.ts";
import { countOrder, orderPlacing } from "../orders/placeOrder.ts";
import { catalogueOf } from "../products/catalogue.ts";
import { cartDecider, cartLines } from "./decider.ts";

const HOUR = 60 * 60 * 1000;

export const cartsRoutes = (deps: CommandApiDeps): Router => {
  const router = Router();
  const now = isoClock(deps);
  const carts = streamHandler(deps.events, Streams.cart, cartDecider);
  const catalogue = catalogueOf(deps.events);
  const placeOrder = orderPlacing(deps);
  /** Each change is an event kept for good: a customer's changes per hour are capped (RATE_LIMIT_CART). */
  const countChange = (session: SessionUser) =>
    consume(deps.secrets, `cart:${session.userId}`, deps.rateLimits.cart, HOUR);

  router.post("/cart/items", async (req, res) => {
    const session = requireSession(res);
    await countChange(session);
    const body = parseBody(AddCartItemBody, req.body);
    const productListed = (await catalogue.product(body.productId)).status === "listed";
    const { position } = await carts.handle(
      session.userId,
      {
        type: "AddCartItem",
        data: {
          userId: session.userId,
          productId: body.productId,
          quantity: body.quantity ?? 1,
          productListed,
        },
      },
      commandContext(req, actorOf(session)),
    );
    res.json({ position });
  });

  router.patch("/cart/items/:productId", async (req, res) => {
    const session = requireSession(res);
    await countChange(session);
    const productId = pathId(req.params.productId, Texts.bookNotFound);
    const { quantity } = parseBody(ChangeCartQuantityBody, req.body);
    const { position } = await carts.handle(
      session.userId,
      { type: "ChangeCartQuantity", data: { userId: session.userId, productId, quantity } },
      commandContext(req, actorOf(session)),
    );
    res.json({ position });
  });

  router.delete("/cart/items/:productId", async (req, res) => {
    const session = requireSession(res);
    await countChange(session);
    const productId = pathId(req.params.productId, Texts.bookNotFound);
    const { position } = await carts.handle(
      session.userId,
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
    const cart = await carts.load(session.userId);
    if (cart.checkedOut.has(body.orderId)) {
      // A retry counts as an order, as POST /orders' does: answered without work, it was free, and
      // with a new Idempotency-Key each time each answer was kept a day (checkoutReplayKeys spec).
      await countOrder(deps, session.userId);
      const [last] = (await deps.events.readStream(Streams.order(body.orderId))).slice(-1);
      return { orderId: body.orderId, position: last?.position ?? null };
    }
    // A product removed from the catalogue has left the cart the customer sees (the carts read
    // model drops it and says so): order what is still sold, as the page showed it.
    const listed = await Promise.all(
      cartLines(cart).map(async (l) =>
        (await catalogue.product(l.productId)).status === "listed" ? [l] : [],
      ),
    );
    const lines = listed.flat();
    if (lines.length === 0) throw conflict(Texts.cartEmpty);
    const placed = await placeOrder(
      {
        orderId: body.orderId,
        customer: customerOf(session),
        items: lines,
        shippingAddress: body.shippingAddress,
        source: { kind: "cart" },
        expectedPayablePaise: body.expectedPayablePaise,
        now: now(),
        byCustomer: true,
      },
      ctx,
    );
    const orderEvent = placed.appended[0];
    const { position } = await carts.handle(
      session.userId,
      { type: "CheckOutCart", data: { userId: session.userId, orderId: body.orderId, lines } },
      { ...ctx, ...(orderEvent && { causationId: orderEvent.id }) },
    );
    return { orderId: body.orderId, position: position ?? placed.position };
  };

  return router;
};
