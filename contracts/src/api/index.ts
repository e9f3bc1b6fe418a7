export { openApiDocument } from "./openapi.ts";
export * from "./responses.ts";
export { API_ROUTES, type ApiMethod, type ApiRoute, apiRouteOf } from "./routes.ts";
