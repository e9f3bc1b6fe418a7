import { BookClass, PRODUCT_KINDS, type Product, Texts } from "@shop/contracts";
import { notFound, pathId } from "@shop/platform/http";
import type { ProductDoc } from "@shop/projector";
import { Router } from "express";
import { z } from "zod";
import type { QueryApiDeps } from "../deps.ts";
import { decodeCursor, encodeCursor, Limit, parseQuery } from "../http/pagination.ts";

const ProductsQuery = z.object({
  kind: z.enum(PRODUCT_KINDS).optional(),
  schoolId: z.uuid().optional(),
  class: z.coerce.number().pipe(BookClass).optional(),
  limit: Limit,
  cursor: z.string().max(500).optional(),
});

export const productView = (doc: ProductDoc): Product => {
  const { _id, revision: _r, ...product } = doc;
  return product;
};

export const productsRoutes = (deps: QueryApiDeps): Router => {
  const router = Router();
  const products = () => deps.docs.collection<ProductDoc>("products");

  router.get("/products", async (req, res) => {
    const q = parseQuery(ProductsQuery, req.query);
    const filter: Record<string, unknown> = {};
    if (q.kind) filter.kind = q.kind;
    if (q.schoolId) filter.schoolId = q.schoolId;
    if (q.class) filter.class = q.class;
    const after = decodeCursor(q.cursor, 2);
    if (after) filter.$or = [{ title: { $gt: after[0] } }, { title: after[0], _id: { $gt: after[1] } }];
    const docs = await products().find(filter, { sort: { title: 1, _id: 1 }, limit: q.limit + 1 });
    const page = docs.slice(0, q.limit);
    const last = page.at(-1);
    res.json({
      items: page.map(productView),
      ...(docs.length > q.limit && last && { nextCursor: encodeCursor([last.title, last._id]) }),
    });
  });

  router.get("/products/:id", async (req, res) => {
    const id = pathId(req.params.id, Texts.bookNotFound);
    const doc = await products().findOne({ _id: id });
    if (!doc) throw notFound(Texts.bookNotFound);
    res.json(productView(doc));
  });

  return router;
};
