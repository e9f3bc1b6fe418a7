import { notFound, Texts } from "@shop/contracts";
import { problemMiddleware, securityHeaders, sessionMiddleware } from "@shop/platform/http";
import express, { type Express } from "express";
import { bookListsRoutes } from "./booklists/routes.ts";
import { cartsRoutes } from "./carts/routes.ts";
import type { QueryApiDeps } from "./deps.ts";
import { minPosition } from "./http/minPosition.ts";
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
  app.use(securityHeaders());
  app.use(sessionMiddleware({ tokens: deps.tokens, secrets: deps.secrets, events: deps.events }));
  app.use(minPosition(deps.progress, deps.readWaitMs));
  const api = express.Router();
  api.use(usersRoutes(deps));
  api.use(promotionsRoutes(deps));
  api.use(schoolsRoutes(deps));
  api.use(productsRoutes(deps));
  api.use(searchRoutes(deps));
  api.use(cartsRoutes(deps));
  api.use(ordersRoutes(deps));
  api.use(messagesRoutes(deps));
  api.use(bookListsRoutes(deps));
  api.use(openApiRoutes());
  app.use("/api", api);
  app.use(() => {
    throw notFound(Texts.notFound);
  });
  app.use(problemMiddleware(deps.logger));
  return app;
};
