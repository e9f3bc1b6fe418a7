import { randomUUID } from "node:crypto";
import { BookListBody, BookListOrderBody, invalid, isAdmin, notFound, Streams, Texts } from "@shop/contracts";
import { parseBody, pathId, requireRole, requireSession, type SessionUser } from "@shop/platform/http";
import { type Request, Router } from "express";
import { streamHandler } from "../commandHandling/streamHandler.ts";
import { type CommandApiDeps, isoClock } from "../deps.ts";
import { actorOf, commandContext, customerOf } from "../http/context.ts";
import { requireIssuedImage } from "../http/images.ts";
import { withLock } from "../http/lock.ts";
import { orderPlacing } from "../orders/placeOrder.ts";
import { claimUpload } from "../uploads/uploadOwner.ts";
import { bookListDecider } from "./decider.ts";

export const bookListsRoutes = (deps: CommandApiDeps): Router => {
  const router = Router();
  const now = isoClock(deps);
  const bookLists = streamHandler(deps.events, Streams.booklist, bookListDecider);
  const placeOrder = orderPlacing(deps);

  router.post("/booklists", async (req, res) => {
    const session = requireSession(res);
    const body = parseBody(BookListBody, req.body);
    if (!body.imageUrl.startsWith("/media/bookList/")) {
      throw invalid("Upload the book list to the bookList folder", [
        { path: "imageUrl", message: "Wrong folder" },
      ]);
    }
    await requireIssuedImage(deps, body.imageUrl, session);
    if (!(await claimUpload(deps.secrets, body.imageUrl)))
      throw invalid("Upload the photo again for another book list", [
        { path: "imageUrl", message: "This photo is already on a book list" },
      ]);
    const bookListId = randomUUID();
    const { position } = await bookLists.handle(
      bookListId,
      {
        type: "UploadBookList",
        data: {
          bookListId,
          customer: customerOf(session),
          shippingAddress: body.shippingAddress,
          imageUrl: body.imageUrl,
          now: now(),
        },
      },
      commandContext(req, actorOf(session)),
    );
    res.status(201).json({ id: bookListId, position });
  });

  /** An admin turns a book list into an order for its customer: `OrderPlaced`, then `BookListOrdered`. */
  router.post("/booklists/:id/orders", async (req, res) => {
    const session = requireRole(res, isAdmin);
    const bookListId = pathId(req.params.id, Texts.bookListNotFound);
    const body = parseBody(BookListOrderBody, req.body);
    // Two admins ordering one list at once would place two orders; one at a time.
    const answer = await withLock(deps.secrets, `booklist:${bookListId}`, () =>
      orderList(req, session, bookListId, body),
    );
    res.status(201).json(answer);
  });

  const orderList = async (
    req: Request,
    session: SessionUser,
    bookListId: string,
    body: { orderId: string; items: { productId: string; quantity: number }[] },
  ) => {
    const list = await bookLists.load(bookListId);
    if (list.status === "none") throw notFound(Texts.bookListNotFound);
    // Refuse before placing an order that the list could not record.
    bookListDecider.decide(
      { type: "MarkBookListOrdered", data: { orderId: body.orderId, now: now() } },
      list,
    );
    const ctx = commandContext(req, actorOf(session));
    const placed = await placeOrder(
      {
        orderId: body.orderId,
        customer: list.customer,
        items: body.items,
        shippingAddress: list.shippingAddress,
        source: { kind: "booklist", bookListId },
        now: now(),
        byCustomer: false,
      },
      ctx,
    );
    const orderEvent = placed.appended[0];
    const { position } = await bookLists.handle(
      bookListId,
      { type: "MarkBookListOrdered", data: { orderId: body.orderId, now: now() } },
      { ...ctx, ...(orderEvent && { causationId: orderEvent.id }) },
    );
    return { orderId: body.orderId, position };
  };

  router.delete("/booklists/:id", async (req, res) => {
    const session = requireRole(res, isAdmin);
    const bookListId = pathId(req.params.id, Texts.bookListNotFound);
    // Not while another admin is ordering this list: that order would be left with a discarded list.
    const { position } = await withLock(deps.secrets, `booklist:${bookListId}`, () =>
      bookLists.handle(
        bookListId,
        { type: "DiscardBookList", data: { now: now() } },
        commandContext(req, actorOf(session)),
      ),
    );
    res.json({ position });
  });

  return router;
};
