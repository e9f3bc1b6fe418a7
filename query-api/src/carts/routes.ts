import { type CartDoc, cartsCollection, cartView, NoQuery } from "@shop/contracts";
import { requireSession } from "@shop/platform/http";
import { Router } from "express";
import type { QueryApiDeps } from "../deps.ts";
import { parseQuery } from "../http/pagination.ts";

export const cartsRoutes = (deps: QueryApiDeps): Router => {
  const router = Router();

  // What the projector sends as `cart.updated`: each line's product is kept current in the document.
  router.get("/cart", async (req, res) => {
    const session = requireSession(res);
    parseQuery(NoQuery, req.query);
    const doc = await deps.docs.collection<CartDoc>(cartsCollection.name).findOne({ _id: session.userId });
    res.json(cartView(doc));
  });

  return router;
};
