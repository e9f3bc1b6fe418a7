import { Texts } from "@shop/contracts";
import { notFound, problemMiddleware, sessionMiddleware } from "@shop/platform/http";
import express, { type Express } from "express";
import type { QueryApiDeps } from "./deps.ts";
import { minPosition } from "./http/minPosition.ts";
import { ordersRoutes } from "./orders/routes.ts";
import { productsRoutes } from "./products/routes.ts";
import { usersRoutes } from "./users/routes.ts";

/** query-api: every read of the shop, served from read models, mounted for `GET /api/**`. */
export const createQueryApi = (deps: QueryApiDeps): Express => {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", "loopback");
  app.set("query parser", "simple");
  app.use(sessionMiddleware({ tokens: deps.tokens, secrets: deps.secrets, events: deps.events }));
  app.use(minPosition(deps.progress, deps.readWaitMs));
  const api = express.Router();
  api.use(usersRoutes());
  api.use(productsRoutes(deps));
  api.use(ordersRoutes(deps));
  app.use("/api", api);
  app.use(() => {
    throw notFound(Texts.notFound);
  });
  app.use(problemMiddleware(deps.logger));
  return app;
};
