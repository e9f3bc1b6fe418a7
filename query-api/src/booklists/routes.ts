import {
  type BookListDoc,
  bookListsCollection,
  bookListView,
  isAdmin,
  PageQuery,
  Texts,
} from "@shop/contracts";
import { requireRole } from "@shop/platform/http";
import { Router } from "express";
import type { QueryApiDeps } from "../deps.ts";
import { afterCursor, decodeCursor, pageOf, parseQuery } from "../http/pagination.ts";

export const bookListsRoutes = (deps: QueryApiDeps): Router => {
  const router = Router();

  router.get("/booklists", async (req, res) => {
    requireRole(res, isAdmin, Texts.noAdminPermissions);
    const q = parseQuery(PageQuery, req.query);
    const docs = await deps.docs
      .collection<BookListDoc>(bookListsCollection.name)
      .find(afterCursor("uploadedAt", -1, decodeCursor(q.cursor, 2)), {
        sort: { uploadedAt: -1, _id: -1 },
        limit: q.limit + 1,
      });
    res.json(pageOf(docs, q.limit, (d) => d.uploadedAt, bookListView));
  });

  return router;
};
