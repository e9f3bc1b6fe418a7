import type { AddressInfo } from "node:net";
import express, { type Router } from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bySegment } from "./bySegment.ts";

/** Three routers as the services write theirs: each route under a literal first segment. */
const routers = (): Router[] => {
  const orders = express.Router();
  orders.get("/orders", (_req, res) => void res.send("orders list"));
  orders.get("/orders/changes", (_req, res) => void res.send("orders changes"));
  orders.get("/orders/:id", (req, res) => void res.send(`order ${req.params.id}`));
  orders.get("/orders/:id/events", (req, res, next) =>
    req.params.id === "skip" ? next("route") : void res.send(`events ${req.params.id}`),
  );
  const users = express.Router();
  users.get("/auth/me", (_req, res) => void res.send("me"));
  users.get("/users", (_req, res) => void res.send("users"));
  // A second router under the same segment, after the first: reached when the first goes on.
  const more = express.Router();
  more.get("/orders/:id/events", (req, res) => void res.send(`more events ${req.params.id}`));
  more.get("/", (_req, res) => void res.send("root"));
  more.get("/openapi.json", (_req, res) => void res.send("spec"));
  more.get("/boom", () => {
    throw new Error("boom");
  });
  return [orders, users, more];
};

const serve = (mount: (api: Router) => void) => {
  const app = express();
  const api = express.Router();
  mount(api);
  app.use("/api", api);
  app.use((_req, res) => void res.status(404).send("not found"));
  app.use((err: Error, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    res.status(500).send(`error ${err.message}`);
  });
  const server = app.listen(0, "127.0.0.1");
  return {
    server,
    url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
  };
};

describe("bySegment: routers entered by the path's first segment", () => {
  const inTurn = serve((api) => {
    for (const r of routers()) api.use(r);
  });
  const bySeg = serve((api) => api.use(bySegment(routers())));
  beforeAll(async () => {
    await Promise.all(
      [inTurn, bySeg].map((s) => s.server.listening || new Promise((r) => s.server.once("listening", r))),
    );
  });
  afterAll(() => {
    inTurn.server.close();
    bySeg.server.close();
  });

  it("answers every path as the routers mounted one after another do", async () => {
    const paths = [
      "/api/orders",
      "/api/orders/",
      "/api/Orders/42",
      "/api/ORDERS/changes",
      "/api/orders/7/events",
      "/api/orders/skip/events",
      "/api/auth/me",
      "/api/auth",
      "/api/users?x=1",
      "/api/",
      "/api",
      "/api/openapi.json",
      "/api/boom",
      "/api/nothing/here",
      "/api/%6Frders",
      "/elsewhere",
    ];
    for (const path of paths) {
      const [a, b] = await Promise.all(
        [inTurn, bySeg].map(async (s) => {
          const res = await fetch(`${s.url()}${path}`);
          return `${res.status} ${await res.text()}`;
        }),
      );
      expect(b, path).toBe(a);
    }
    // The cases the comparison covers, so that it cannot pass on two servers answering nothing.
    const answers = await Promise.all(
      ["/api/Orders/42", "/api/orders/skip/events", "/api/", "/api/boom", "/api/nothing"].map(async (p) => {
        const res = await fetch(`${bySeg.url()}${p}`);
        return `${res.status} ${await res.text()}`;
      }),
    );
    expect(answers).toEqual([
      "200 order 42",
      "200 more events skip",
      "200 root",
      "500 error boom",
      "404 not found",
    ]);
  });

  it("refuses a router it would change: a middleware of its own, or a route not under a literal segment", () => {
    const withMiddleware = express.Router();
    withMiddleware.use((_req, _res, next) => next());
    withMiddleware.get("/orders", (_req, res) => void res.end());
    expect(() => bySegment([withMiddleware])).toThrow(/middleware/);
    const byParameter = express.Router();
    byParameter.get("/:anything", (_req, res) => void res.end());
    expect(() => bySegment([byParameter])).toThrow(/literal segment/);
  });
});
