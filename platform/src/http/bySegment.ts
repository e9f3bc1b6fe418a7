import type { RequestHandler, Router } from "express";

/** What router 2.3's public `listRoutes` answers for a route (express 5's `express.Router`). */
interface Listed {
  path: string | RegExp;
}
type ListingRouter = Router & { listRoutes(): Listed[]; stack: unknown[] };

/** The first segment of a path, lower-cased as express matches routes (`/Orders/1` → `orders`). */
const firstSegment = (path: string): string => {
  const end = path.indexOf("/", 1);
  return (end === -1 ? path.slice(1) : path.slice(1, end)).toLowerCase();
};

/**
 * One handler for routers whose routes each begin with a literal segment (`/orders/:id`,
 * `/auth/login`, `/`): a request enters only the routers with a route under its path's first
 * segment, in the order given, and goes on (`next()`) when none has one. Mounting the routers one
 * after another makes express try every route of every router before the one that answers (the
 * orders page went through six routers: a fifth of what the request allocated, bench/RESULTS.md,
 * twenty-third session). The answer is the same either way.
 *
 * A router with anything else (a middleware of its own, a route starting with a parameter or a
 * pattern) would then be skipped for requests it used to see, so building the table throws.
 */
export function bySegment(routers: readonly Router[]): RequestHandler & { routers: readonly Router[] } {
  const table = new Map<string, Router[]>();
  for (const router of routers as readonly ListingRouter[]) {
    const routes = router.listRoutes();
    if (routes.length !== router.stack.length)
      throw new Error("bySegment: a router holds a middleware, which would see only its own segments");
    for (const { path } of routes) {
      if (typeof path !== "string" || !/^\/[a-z0-9._-]*(\/|$)/i.test(path))
        throw new Error(`bySegment: ${String(path)} does not begin with a literal segment`);
      const segment = firstSegment(path);
      const list = table.get(segment) ?? [];
      if (!list.includes(router)) list.push(router);
      table.set(segment, list);
    }
  }
  const handler: RequestHandler = (req, res, next) => {
    const list = table.get(firstSegment(req.path)) ?? [];
    let i = 0;
    const step = (err?: unknown): void => {
      const router = list[i++];
      if (err) next(err);
      else if (router) router(req, res, step);
      else next();
    };
    step();
  };
  // For a reader of the app's routes (the OpenAPI test lists every route the services serve).
  return Object.assign(handler, { routers });
}
