import {
  isAdmin,
  NoQuery,
  PageQuery,
  Texts,
  type UserDoc,
  userOf,
  usersCollection,
  userView,
} from "@shop/contracts";
import { currentSession, requireRole, requireSession } from "@shop/platform/http";
import { Router } from "express";
import type { QueryApiDeps } from "../deps.ts";
import { afterCursor, decodeCursor, pageOf, parseQuery } from "../http/pagination.ts";

export const usersRoutes = (deps: QueryApiDeps): Router => {
  const router = Router();

  // From the session, which reads the user's stream: current even before the projector catches
  // up. Built field by field: the session carries more than the User shape (token, timestamps).
  router.get("/auth/me", (req, res) => {
    parseQuery(NoQuery, req.query);
    res.json({ user: userOf(requireSession(res)) });
  });

  // The same, for a page that does not know whether it is logged in: a visitor gets `user: null`.
  router.get("/auth/session", (req, res) => {
    parseQuery(NoQuery, req.query);
    const session = currentSession(res);
    res.json({ user: session ? userOf(session) : null });
  });

  // Newest registrations first, like every list but products (API.md "Lists").
  router.get("/users", async (req, res) => {
    requireRole(res, isAdmin, Texts.noAdminPermissions);
    const q = parseQuery(PageQuery, req.query);
    const docs = await deps.docs
      .collection<UserDoc>(usersCollection.name)
      .find(afterCursor("registeredAt", -1, decodeCursor(q.cursor, 2)), {
        sort: { registeredAt: -1, _id: -1 },
        limit: q.limit + 1,
      });
    res.json(pageOf(docs, q.limit, (d) => d.registeredAt, userView));
  });

  return router;
};
