import { notFound, Texts } from "@shop/contracts";
import { bySegment, problemMiddleware, securityHeaders, sessionMiddleware } from "@shop/platform/http";
import express, { type Express } from "express";
import { bookListsRoutes } from "./booklists/routes.ts";
import { cartsRoutes } from "./carts/routes.ts";
import { dashboardRoutes } from "./dashboard/routes.ts";
import type { QueryApiDeps } from "./deps.ts";
import { minPosition } from "./http/minPosition.ts";
import { sendPrivateJsonPlainly } from "./http/privateJson.ts";
import { messagesRoutes } from "./messages/routes.ts";
import { openApiRoutes } from "./openapi/routes.ts";
import { ordersRoutes } from "./orders/routes.ts";
import { productsRoutes } from "./products/routes.ts";
import { promotionsRoutes } from "./promotions/routes.ts";
import { schoolsRoutes } from "./schools/routes.ts";
import { searchRoutes } from "./search/routes.ts";
import { usersRoutes } from "./users/routes.ts";

/** query-api: every read of the shop, served from read models, mounted for `GET /api/**`. */
export const createQueryApi = (deps: QueryApiDeps): Express => {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", deps.trustProxy ?? false);
  app.set("query parser", "simple");
  sendPrivateJsonPlainly(app);
  app.use(securityHeaders());
  app.use(sessionMiddleware({ tokens: deps.tokens, secrets: deps.secrets, events: deps.events }));
  app.use(minPosition(deps.progress, deps.readWaitMs));
  // A request enters only the router of its path's first segment (`/api/orders/…`: ordersRoutes).
  const api = bySegment([
    usersRoutes(deps),
    promotionsRoutes(deps),
    schoolsRoutes(deps),
    productsRoutes(deps),
    searchRoutes(deps),
    cartsRoutes(deps),
    ordersRoutes(deps),
    messagesRoutes(deps),
    bookListsRoutes(deps),
    dashboardRoutes(deps),
    openApiRoutes(),
  ]);
  app.use("/api", api);
  app.use(() => {
    throw notFound(Texts.notFound);
  });
  app.use(problemMiddleware(deps.logger));
  return app;
};
