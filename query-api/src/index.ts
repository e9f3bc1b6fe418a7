export { createQueryApi } from "./app.ts";
export { readDashboard } from "./dashboard/queries.ts";
export type { QueryApiDeps } from "./deps.ts";
export { createLiveServer } from "./live/liveServer.ts";
export { mediaAccessRoute, privateMediaGuard } from "./media/privateMedia.ts";
export { apiReferencePage } from "./openapi/routes.ts";
export { startQueryApiService } from "./service.ts";
