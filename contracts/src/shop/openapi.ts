import { z } from "zod";
import type { ApiRoute } from "../shared/apiRoutes.ts";
import { PROBLEM_CONTENT_TYPE, ProblemSchema } from "../shared/problem.ts";
import { API_ROUTES } from "./apiTable.ts";

type JsonSchema = Record<string, unknown>;

// What a client sends is what the document describes: defaults and coercions are the input side.
const jsonSchema = (schema: z.ZodType): JsonSchema => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io: "input",
    unrepresentable: "any",
    target: "draft-2020-12",
  });
  return rest;
};

const STATUS_TEXT: Record<number, string> = {
  400: "Malformed or invalid input (unknown fields are refused); `errors[]` lists the details",
  401: "Not logged in (`Login First!`) or wrong credentials",
  403: "Wrong role or not the owner",
  404: "Unknown or malformed id, with the resource's not-found text",
  409: "Conflict (e-mail taken, cart empty, prices changed, already delivered, concurrent change)",
  413: "Upload too large (`File too large`)",
  415: "An upload that is not a png, jpeg or webp (`use only specified file type!`); a body that is not JSON (`Send the body as JSON (Content-Type: application/json)`)",
  422: "Wrong or expired OTP",
  429: "Rate limited or OTP locked; see `Retry-After`",
  500: "Something went wrong on our side",
  503: "The read models are behind `X-Min-Position` by more than the wait bound; see `Retry-After`",
};

const problem = (status: number) => ({
  description: STATUS_TEXT[status] ?? "Error",
  content: { [PROBLEM_CONTENT_TYPE]: { schema: { $ref: "#/components/schemas/Problem" } } },
});

const parameters = (route: ApiRoute) => {
  const inPath = [...route.path.matchAll(/:([A-Za-z]+)/g)].map(([, name]) => ({
    name,
    in: "path",
    required: true,
    schema: { type: "string", format: "uuid" },
  }));
  const inQuery = Object.entries(route.query?.shape ?? {}).map(([name, field]) => ({
    name,
    in: "query",
    // Absent is fine exactly when the schema accepts undefined (optional or defaulted).
    required: !(field as z.ZodType).safeParse(undefined).success,
    schema: jsonSchema(field as z.ZodType),
  }));
  const minPosition =
    route.method === "get"
      ? [
          {
            name: "X-Min-Position",
            in: "header",
            required: false,
            description: "Answer only once the read models reflect this position (read-your-writes)",
            schema: { type: "string", pattern: "^\\d+$" },
          },
        ]
      : [
          {
            name: "Idempotency-Key",
            in: "header",
            required: false,
            description: "A retried command with the same key answers the first result",
            schema: { type: "string", maxLength: 200 },
          },
        ];
  return [...inPath, ...inQuery, ...minPosition];
};

const operation = (route: ApiRoute) => {
  const success =
    route.success.status === 204
      ? { description: route.success.description }
      : {
          description: route.success.description,
          content: {
            "application/json": { schema: route.success.schema ? jsonSchema(route.success.schema) : {} },
          },
        };
  // Every command with a JSON body refuses a body of another type (command-api's jsonBodies.ts).
  const notJson = route.body ? [415] : [];
  const errors = [
    ...new Set([400, ...route.errors, ...notJson, ...(route.method === "get" ? [503] : []), 500]),
  ].sort((a, b) => a - b);
  const isPublic = route.who === "public";
  return {
    summary: route.summary,
    description: `Who: ${route.who}.`,
    operationId: `${route.method}${route.path.replace(/^\/api/, "").replace(/[/:-]+(\w)/g, (_, c: string) => c.toUpperCase())}`,
    tags: [route.path.split("/")[2] ?? "api"],
    parameters: parameters(route),
    ...(route.body && {
      requestBody: { required: true, content: { "application/json": { schema: jsonSchema(route.body) } } },
    }),
    ...(route.multipart && {
      requestBody: {
        required: true,
        content: {
          "multipart/form-data": {
            schema: {
              ...jsonSchema(route.multipart),
              properties: { ...multipartProperties(route.multipart) },
            },
          },
        },
      },
    }),
    ...(!isPublic && { security: [{ sessionCookie: [] }, { bearer: [] }] }),
    responses: {
      [String(route.success.status)]: success,
      ...Object.fromEntries(errors.map((s) => [String(s), problem(s)])),
    },
  };
};

// A file part is binary in OpenAPI 3.1's multipart convention; the other parts keep their schema.
const multipartProperties = (schema: z.ZodObject) =>
  Object.fromEntries(
    Object.entries(schema.shape).map(([name, field]) => [
      name,
      name === "file"
        ? { type: "string", contentMediaType: "application/octet-stream" }
        : jsonSchema(field as z.ZodType),
    ]),
  );

/** The OpenAPI 3.1 document of API.md, generated from the route table and its zod schemas. */
export const openApiDocument = (info: { title?: string; version?: string } = {}) => {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of API_ROUTES) {
    const path = route.path.replace(/:([A-Za-z]+)/g, "{$1}");
    paths[path] = { ...paths[path], [route.method]: operation(route) };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: info.title ?? "School shop API",
      version: info.version ?? "1",
      description:
        "GET /api/** is served by query-api, every other method by command-api (the gateway rule). " +
        "Money is integer paise; positions are decimal strings; errors are application/problem+json.",
    },
    servers: [{ url: "/" }],
    paths,
    components: {
      schemas: { Problem: jsonSchema(ProblemSchema) },
      securitySchemes: {
        sessionCookie: { type: "apiKey", in: "cookie", name: "session" },
        bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
      },
    },
  };
};
