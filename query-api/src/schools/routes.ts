import {
  NoQuery,
  notFound,
  type ProductDoc,
  productsCollection,
  productView,
  SchoolBooksQuery,
  type SchoolDoc,
  schoolsCollection,
  schoolView,
  Texts,
} from "@shop/contracts";
import { pathId } from "@shop/platform/http";
import { Router } from "express";
import type { QueryApiDeps } from "../deps.ts";
import { parseQuery } from "../http/pagination.ts";

/** Schools and a school's books come whole (API.md "Lists"): a handful of schools, ~100 books each. */
export const schoolsRoutes = (deps: QueryApiDeps): Router => {
  const router = Router();
  const schools = () => deps.docs.collection<SchoolDoc>(schoolsCollection.name);

  router.get("/schools", async (req, res) => {
    parseQuery(NoQuery, req.query);
    const docs = await schools().find({}, { sort: { name: 1, _id: 1 } });
    res.json({ items: docs.map(schoolView) });
  });

  router.get("/schools/:id", async (req, res) => {
    parseQuery(NoQuery, req.query);
    const id = pathId(req.params.id, Texts.noSchoolFound);
    const doc = await schools().findOne({ _id: id });
    if (!doc) throw notFound(Texts.noSchoolFound);
    res.json(schoolView(doc));
  });

  router.get("/schools/:id/books", async (req, res) => {
    const q = parseQuery(SchoolBooksQuery, req.query);
    const id = pathId(req.params.id, Texts.noSchoolFound);
    if (!(await schools().findOne({ _id: id }))) throw notFound(Texts.noSchoolFound);
    const books = await deps.docs
      .collection<ProductDoc>(productsCollection.name)
      .find(
        { schoolId: id, ...(q.class && { class: q.class }), kind: "book" },
        { sort: { class: 1, title: 1, _id: 1 } },
      );
    res.json({ items: books.map(productView) });
  });

  return router;
};
