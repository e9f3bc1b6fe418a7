import { createCommandApi } from "@shop/command-api";
import { API_ROUTES, apiRouteOf, openApiDocument } from "@shop/contracts/api";
import { createQueryApi } from "@shop/query-api";
import { describe, expect, it } from "vitest";

type Layer = {
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: Layer[]; routers?: { stack: Layer[] }[] };
};
const routesOf = (app: unknown): string[] => {
  const out: string[] = [];
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route)
        for (const m of Object.keys(layer.route.methods)) out.push(`${m} /api${layer.route.path}`);
      else if (layer.handle?.stack) walk(layer.handle.stack);
      // bySegment's routers (platform/src/http/bySegment.ts)
      else if (layer.handle?.routers) for (const router of layer.handle.routers) walk(router.stack);
    }
  };
  walk((app as { router: { stack: Layer[] } }).router.stack);
  return out;
};

// The route factories only touch their dependencies when a request comes: an empty object will do.
const noDeps = new Proxy({}, { get: () => undefined }) as never;

describe("the OpenAPI document", () => {
  const doc = openApiDocument();
  const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ method, path, op: op as Record<string, unknown> })),
  );

  it("lists exactly the routes the two services serve (the table cannot drift from the code)", () => {
    const served = [...routesOf(createQueryApi(noDeps)), ...routesOf(createCommandApi(noDeps))]
      .filter((r) => r !== "get /api/openapi.json")
      .sort();
    expect(API_ROUTES.map((r) => `${r.method} ${r.path}`).sort()).toEqual(served);
    expect(operations).toHaveLength(API_ROUTES.length);
  });

  it("is OpenAPI 3.1 with bodies from the zod schemas, path parameters and problem+json errors", () => {
    expect(doc.openapi).toBe("3.1.0");
    for (const { path, op } of operations) {
      const params = (op.parameters as { name: string; in: string }[]).filter((p) => p.in === "path");
      expect(params.map((p) => `{${p.name}}`).sort()).toEqual((path.match(/\{\w+\}/g) ?? []).sort());
      const responses = op.responses as Record<string, { content?: Record<string, unknown> }>;
      expect(Object.keys(responses["400"]?.content ?? {})).toEqual(["application/problem+json"]);
    }
    const signup = doc.paths["/api/auth/signup"]?.post as {
      requestBody: {
        content: { "application/json": { schema: { required: string[]; additionalProperties: boolean } } };
      };
    };
    const schema = signup.requestBody.content["application/json"].schema;
    expect(schema.required).toEqual(expect.arrayContaining(["name", "email", "password"]));
    // Unknown fields are refused (strict schemas), and the document says so.
    expect(schema.additionalProperties).toBe(false);
    const products = doc.paths["/api/products"]?.get as { parameters: { name: string }[] };
    expect(products.parameters.map((p) => p.name)).toEqual(
      expect.arrayContaining(["kind", "limit", "cursor"]),
    );
  });

  it("labels requests with route templates, never ids", () => {
    expect(apiRouteOf("GET", "/api/orders/5d9c2e1f-3a4b-4c5d-8e6f-7a8b9c0d1e2f")).toBe("/api/orders/:id");
    expect(apiRouteOf("HEAD", "/api/schools")).toBe("/api/schools");
    expect(apiRouteOf("PUT", "/api/orders/x/status")).toBe("/api/orders/:id/status");
    expect(apiRouteOf("GET", "/api/not-a-route/123")).toBe("/api/*");
    expect(apiRouteOf("GET", "/media/books/a.png")).toBeUndefined();
  });
});
