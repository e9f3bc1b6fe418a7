import { isStaff, Texts } from "@shop/contracts";
import { forbidden, notFound, pathId, requireSession } from "@shop/platform/http";
import { type OrderDoc, orderView, summaryOf } from "@shop/projector";
import { Router } from "express";
import { z } from "zod";
import type { QueryApiDeps } from "../deps.ts";
import { decodeCursor, encodeCursor, Limit, parseQuery } from "../http/pagination.ts";
import { mayReadOrder } from "./access.ts";

const OrdersQuery = z.object({
  scope: z.enum(["mine", "all"]).default("mine"),
  limit: Limit,
  cursor: z.string().max(500).optional(),
});

export const ordersRoutes = (deps: QueryApiDeps): Router => {
  const router = Router();
  const orders = () => deps.docs.collection<OrderDoc>("orders");

  router.get("/orders", async (req, res) => {
    const session = requireSession(res);
    const q = parseQuery(OrdersQuery, req.query);
    if (q.scope === "all" && !isStaff(session.accType)) throw forbidden(Texts.noAdminPermissions);
    const filter: Record<string, unknown> = q.scope === "mine" ? { customerId: session.userId } : {};
    const after = decodeCursor(q.cursor, 2);
    if (after) filter.$or = [{ placedAt: { $lt: after[0] } }, { placedAt: after[0], _id: { $lt: after[1] } }];
    const docs = await orders().find(filter, { sort: { placedAt: -1, _id: -1 }, limit: q.limit + 1 });
    const page = docs.slice(0, q.limit);
    const last = page.at(-1);
    res.json({
      items: page.map((d) => summaryOf(orderView(d))),
      ...(docs.length > q.limit && last && { nextCursor: encodeCursor([last.placedAt, last._id]) }),
    });
  });

  router.get("/orders/:id", async (req, res) => {
    const session = requireSession(res);
    const id = pathId(req.params.id, Texts.orderNotFound);
    const doc = await orders().findOne({ _id: id });
    if (!doc) throw notFound(Texts.orderNotFound);
    if (!mayReadOrder(session, doc.customerId)) throw forbidden(Texts.noAdminPermissions);
    res.json(orderView(doc));
  });

  return router;
};
