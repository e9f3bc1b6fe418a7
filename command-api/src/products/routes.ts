import { randomUUID } from "node:crypto";
import { isAdmin, notFound, ProductBody, type ProductFields, Streams, Texts } from "@shop/contracts";
import { parseBody, pathId, requireRole, type SessionUser } from "@shop/platform/http";
import { Router } from "express";
import { streamHandler } from "../commandHandling/streamHandler.ts";
import type { CommandApiDeps } from "../deps.ts";
import { actorOf, commandContext } from "../http/context.ts";
import { requireIssuedImage } from "../http/images.ts";
import { type Catalogue, catalogueOf } from "./catalogue.ts";
import { productDecider } from "./decider.ts";

/** Books keep their school, class and subject; notebooks and stationery carry none of them. */
const productFields = async (
  deps: CommandApiDeps,
  catalogue: Catalogue,
  input: unknown,
  caller: SessionUser,
): Promise<ProductFields> => {
  const body = parseBody(ProductBody, input);
  await requireIssuedImage(deps, body.imageUrl, caller);
  if (body.kind !== "book") {
    const { schoolId: _s, class: _c, ...rest } = body;
    return rest;
  }
  if (body.schoolId && !(await catalogue.schoolExists(body.schoolId))) throw notFound(Texts.noSchoolFound);
  return body;
};

export const productsRoutes = (deps: CommandApiDeps): Router => {
  const router = Router();
  const products = streamHandler(deps.events, Streams.product, productDecider);
  const catalogue = catalogueOf(deps.events);

  router.post("/products", async (req, res) => {
    const session = requireRole(res, isAdmin);
    const fields = await productFields(deps, catalogue, req.body, session);
    const productId = randomUUID();
    const { position } = await products.handle(
      productId,
      { type: "AddProduct", data: { ...fields, productId } },
      commandContext(req, actorOf(session)),
    );
    res.status(201).json({ id: productId, position });
  });

  router.put("/products/:id", async (req, res) => {
    const session = requireRole(res, isAdmin);
    const productId = pathId(req.params.id, Texts.bookNotFound);
    const fields = await productFields(deps, catalogue, req.body, session);
    const { position } = await products.handle(
      productId,
      { type: "UpdateProduct", data: { ...fields, productId } },
      commandContext(req, actorOf(session)),
    );
    res.json({ position });
  });

  // Images stay: past orders still show them (API.md "Deliberate departures").
  router.delete("/products/:id", async (req, res) => {
    const session = requireRole(res, isAdmin);
    const productId = pathId(req.params.id, Texts.bookNotFound);
    const { position } = await products.handle(
      productId,
      { type: "RemoveProduct", data: { productId } },
      commandContext(req, actorOf(session)),
    );
    res.json({ position });
  });

  return router;
};
