import { BookClass, PRODUCT_KINDS, Texts } from "@shop/contracts";
import { notFound, pathId } from "@shop/platform/http";
import { type ProductDoc, productView } from "@shop/projector";
import { Router } from "express";
import { z } from "zod";
import type { QueryApiDeps } from "../deps.ts";
import { afterCursor, Cursor, decodeCursor, Limit, pageOf, parseQuery } from "../http/pagination.ts";

const ProductsQuery = z.object({
  kind: z.enum(PRODUCT_KINDS).optional(),
  schoolId: z.uuid().optional(),
  class: z.coerce.number().pipe(BookClass).optional(),
  limit: Limit,
  cursor: Cursor,
});

export const productsRoutes = (deps: QueryApiDeps): Router => {
  const router = Router();
  const products = () => deps.docs.collection<ProductDoc>("products");

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
    parseQuery(z.object({}), req.query);
    const id = pathId(req.params.id, Texts.bookNotFound);
    const doc = await products().findOne({ _id: id });
    if (!doc) throw notFound(Texts.bookNotFound);
    res.json(productView(doc));
  });

  return router;
};
