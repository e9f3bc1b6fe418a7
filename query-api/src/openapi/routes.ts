import { NoQuery } from "@shop/contracts";
import { openApiDocument } from "@shop/contracts/api";
import { Router } from "express";
import { parseQuery } from "../http/pagination.ts";
import { REFERENCE_HTML, REFERENCE_JS } from "./referencePage.ts";

/** `GET /api/openapi.json`: the OpenAPI 3.1 document generated from the contracts' route table. */
export const openApiRoutes = (): Router => {
  const router = Router();
  // Made by the first request, not at start: generating it took ~70 ms of every boot.
  let json: string | undefined;
  router.get("/openapi.json", (req, res) => {
    parseQuery(NoQuery, req.query);
    json ??= JSON.stringify(openApiDocument());
    res.type("application/json").setHeader("Cache-Control", "no-cache").send(json);
  });
  return router;
};

/**
 * `/ops/api`: a readable reference rendered in the browser from `/api/openapi.json` by a small
 * script served beside it; nothing is fetched from anywhere else.
 */
export const apiReferencePage = (): Router => {
  const router = Router();
  const secure = (res: { setHeader(name: string, value: string): unknown }) =>
    res.setHeader("Content-Security-Policy", "default-src 'self'; style-src 'self' 'unsafe-inline'");
  router.get("/", (_req, res) => {
    secure(res);
    res.type("html").send(REFERENCE_HTML);
  });
  router.get("/reference.js", (_req, res) => {
    secure(res);
    res.type("text/javascript").send(REFERENCE_JS);
  });
  return router;
};
