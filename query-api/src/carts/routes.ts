import {
  type CartDoc,
  cartOf,
  cartsCollection,
  NoQuery,
  type ProductDoc,
  productsCollection,
} from "@shop/contracts";
import { requireSession } from "@shop/platform/http";
import { Router } from "express";
import type { QueryApiDeps } from "../deps.ts";
import { parseQuery } from "../http/pagination.ts";

export const cartsRoutes = (deps: QueryApiDeps): Router => {
  const router = Router();

  // The same join the projector sends as `cart.updated`, with the catalogue as it is now.
  router.get("/cart", async (req, res) => {
    const session = requireSession(res);
    parseQuery(NoQuery, req.query);
    const doc = await deps.docs.collection<CartDoc>(cartsCollection.name).findOne({ _id: session.userId });
    res.json(await cartOf(deps.docs.collection<ProductDoc>(productsCollection.name), doc));
  });

  return router;
};
