import { comparePositions } from "@shop/contracts";
import type { DocumentStore } from "../ports/documents.ts";

/**
 * The projector's checkpoint: the last log position the read models reflect, one document in the
 * `checkpoints` collection. The projector writes it after each batch; a query-api in another
 * process reads it for `X-Min-Position` and /readyz.
 */
export const CHECKPOINTS = "checkpoints";
const ID = "projector";
type CheckpointDoc = { _id: string; position: string; updatedAt: string };

export const loadCheckpoint = async (docs: DocumentStore): Promise<string | undefined> =>
  (await docs.collection<CheckpointDoc>(CHECKPOINTS).findOne({ _id: ID }))?.position;

export const saveCheckpoint = async (docs: DocumentStore, position: string): Promise<void> => {
  await docs
    .collection<CheckpointDoc>(CHECKPOINTS)
    .replaceOne({ _id: ID }, { _id: ID, position, updatedAt: new Date().toISOString() }, { upsert: true });
};

/** How far the read models are: what query-api waits on for `X-Min-Position` and reports in /readyz. */
export interface ProjectionProgress {
  position(): Promise<string>;
  /** Resolves true once the read models reflect `position`, false after `timeoutMs`. */
  waitFor(position: string, timeoutMs: number): Promise<boolean>;
}

/** For a query-api in another process than the projector: polls the checkpoint document. */
export const pollingProgress = (docs: DocumentStore, intervalMs = 15): ProjectionProgress => ({
  position: async () => (await loadCheckpoint(docs)) ?? "0",
  async waitFor(position, timeoutMs) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (comparePositions((await loadCheckpoint(docs)) ?? "0", position) >= 0) return true;
      if (Date.now() >= deadline) return false;
      await new Promise((r) => setTimeout(r, intervalMs));
    }
  },
});
