import { notFound, Texts } from "@shop/contracts";
import {
  bySegment,
  problemMiddleware,
  requireSameOrigin,
  securityHeaders,
  sessionMiddleware,
} from "@shop/platform/http";
import express, { type Express } from "express";
import { bookListsRoutes } from "./booklists/routes.ts";
import { cartsRoutes } from "./carts/routes.ts";
import type { CommandApiDeps } from "./deps.ts";
import { idempotency } from "./http/idempotency.ts";
import { jsonBodiesOnly } from "./http/jsonBodies.ts";
import { messagesRoutes } from "./messages/routes.ts";
import { ordersRoutes } from "./orders/routes.ts";
import { productsRoutes } from "./products/routes.ts";
import { promotionsRoutes } from "./promotions/routes.ts";
import { schoolsRoutes } from "./schools/routes.ts";
import { uploadsRoutes } from "./uploads/routes.ts";
import { usersRoutes } from "./users/routes.ts";

/** command-api: every write of the shop, mounted at `/api` for every method but GET. */
export const createCommandApi = (deps: CommandApiDeps): Express => {
  const app = express();
  app.disable("x-powered-by");
  // Express tags every answer with a hash of its body. This app answers writes only, whose answers
  // are no representation of the resource, and RFC 9110 (§9.3.4) forbids a validator on a PUT's
  // answer that is not the stored representation; hashing each answer was also ~20 µs a command.
  app.set("etag", false);
  app.set("trust proxy", deps.trustProxy ?? false);
  app.use(securityHeaders());
  // CSRF: a cookie-authenticated command must come from the shop's own origin (before any body is read).
  app.use(requireSameOrigin(deps.publicUrl ? { publicUrl: deps.publicUrl } : {}));
  app.use(jsonBodiesOnly());
  app.use(express.json({ limit: "100kb", strict: true }));
  app.use(sessionMiddleware({ tokens: deps.tokens, secrets: deps.secrets, events: deps.events }));
  app.use(idempotency(deps.secrets));
  // A request enters only the router of its path's first segment (`/api/orders/…`: ordersRoutes).
  const api = bySegment([
    usersRoutes(deps),
    schoolsRoutes(deps),
    productsRoutes(deps),
    ordersRoutes(deps),
    promotionsRoutes(deps),
    cartsRoutes(deps),
    messagesRoutes(deps),
    bookListsRoutes(deps),
    uploadsRoutes(deps),
  ]);
  app.use("/api", api);
  app.use(() => {
    throw notFound(Texts.notFound);
  });
  app.use(problemMiddleware(deps.logger));
  return app;
};
