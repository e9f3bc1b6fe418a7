export { applyEvent } from "./guardedWrite.ts";
export { gaugeProjectorLag, recordBatches } from "./metrics.ts";
export { applyMultiStreamChanges, type MultiStreamAccess, storeAccess } from "./multiStreamWrite.ts";
export type {
  AnyProjection,
  MultiDocProjection,
  MultiStreamProjection,
  Notification,
  PositionedDoc,
  ProjectedEvent,
  Projection,
  ReadDoc,
} from "./projection.ts";
export { allProjections } from "./projections.ts";
export { createProjector, type Projector, type ProjectorDeps } from "./projector.ts";
export { catchUpReadModels, rebuildReadModels } from "./rebuild.ts";
export { toProjected } from "./routing.ts";
export { startProjectorService } from "./service.ts";
