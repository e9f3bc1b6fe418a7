import {
  forbidden,
  isAdmin,
  isStaff,
  NoQuery,
  notFound,
  ORDER_CHANGES_LIMIT,
  OrderChangesQuery,
  type OrderDoc,
  OrdersExportQuery,
  OrdersQuery,
  ordersCollection,
  orderView,
  Streams,
  Texts,
} from "@shop/contracts";
import { pathId, requireRole, requireSession } from "@shop/platform/http";
import { Router } from "express";
import type { QueryApiDeps } from "../deps.ts";
import { parseQuery } from "../http/pagination.ts";
import { mayReadOrder } from "./access.ts";
import { auditHistory } from "./auditHistory.ts";
import { streamOrdersCsv } from "./csvExport.ts";
import { listOrders, orderChanges } from "./queries.ts";

export const ordersRoutes = (deps: QueryApiDeps): Router => {
  const router = Router();
  const orders = () => deps.docs.collection<OrderDoc>(ordersCollection.name);

  router.get("/orders", async (req, res) => {
    const session = requireSession(res);
    const { scope, ...q } = parseQuery(OrdersQuery, req.query);
    if (scope === "all" && !isStaff(session.accType)) throw forbidden(Texts.noAdminPermissions);
    res.json(await listOrders(deps.docs, { ...q, ...(scope === "mine" && { customerId: session.userId }) }));
  });

  // Before "/orders/:id": a reconnected staff page's catch-up from the read model.
  router.get("/orders/changes", async (req, res) => {
    requireRole(res, isStaff, Texts.noAdminPermissions);
    const { since } = parseQuery(OrderChangesQuery, req.query);
    res.json(await orderChanges(deps.docs, since, ORDER_CHANGES_LIMIT));
  });

  // Before "/orders/:id": the admin's filtered orders as CSV, streamed as the read model is paged.
  router.get("/orders/export.csv", async (req, res) => {
    requireRole(res, isAdmin, Texts.noAdminPermissions);
    const filters = parseQuery(OrdersExportQuery, req.query);
    await streamOrdersCsv(deps.docs, filters, res);
  });

  router.get("/orders/:id", async (req, res) => {
    const session = requireSession(res);
    parseQuery(NoQuery, req.query);
    const id = pathId(req.params.id, Texts.orderNotFound);
    const doc = await orders().findOne({ _id: id });
    if (!doc) throw notFound(Texts.orderNotFound);
    if (!mayReadOrder(session, doc.customerId)) throw forbidden(Texts.noAdminPermissions);
    res.json(orderView(doc));
  });

  // The audit history straight from the log, not the read model: what happened, who did it.
  router.get("/orders/:id/events", async (req, res) => {
    requireRole(res, isAdmin, Texts.noAdminPermissions);
    parseQuery(NoQuery, req.query);
    const id = pathId(req.params.id, Texts.orderNotFound);
    const events = await deps.events.readStream(Streams.order(id));
    if (!events.length) throw notFound(Texts.orderNotFound);
    res.json({ items: auditHistory(events) });
  });

  return router;
};
