import {
  NoQuery,
  notFound,
  type ProductDoc,
  ProductsQuery,
  productsCollection,
  productView,
  Texts,
} from "@shop/contracts";
import { pathId } from "@shop/platform/http";
import { Router } from "express";
import type { QueryApiDeps } from "../deps.ts";
import { afterCursor, decodeCursor, pageOf, parseQuery } from "../http/pagination.ts";

export const productsRoutes = (deps: QueryApiDeps): Router => {
  const router = Router();
  const products = () => deps.docs.collection<ProductDoc>(productsCollection.name);

  // Products sort by title (API.md "Lists"); the cursor is the last title and id.
  router.get("/products", async (req, res) => {
    const q = parseQuery(ProductsQuery, req.query);
    const filter: Record<string, unknown> = {
      ...(q.kind && { kind: q.kind }),
      ...(q.schoolId && { schoolId: q.schoolId.toLowerCase() }),
      ...(q.class && { class: q.class }),
      ...afterCursor("title", 1, decodeCursor(q.cursor, 2)),
    };
    const docs = await products().find(filter, { sort: { title: 1, _id: 1 }, limit: q.limit + 1 });
    res.json(pageOf(docs, q.limit, (d) => d.title, productView));
  });

  router.get("/products/:id", async (req, res) => {
    parseQuery(NoQuery, req.query);
    const id = pathId(req.params.id, Texts.bookNotFound);
    const doc = await products().findOne({ _id: id });
    if (!doc) throw notFound(Texts.bookNotFound);
    res.json(productView(doc));
  });

  return router;
};
